import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { IMAGE_SIZES } from '../../../shared/image-variants.ts';
import { useTRPC } from '../../trpc.ts';
import { ResponsiveImage } from '../common/ResponsiveImage.tsx';
import classes from './LockScreen.module.css';

/**
 * Replaces the store while it is locked (spec §2). The password is checked on the server; on a
 * match the browser-session cookie is set and the page reloads, on a mismatch the field clears.
 */
export function LockScreen() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data } = useQuery(trpc.settings.get.queryOptions());
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const unlock = useMutation(
    trpc.store.unlock.mutationOptions({
      onSuccess: () => {
        setDone(true);
        window.setTimeout(() => window.location.reload(), 600);
      },
      onError: () => setPassword(''),
    }),
  );
  const wrong = unlock.error?.data?.httpStatus === 401;
  return (
    <main className={classes.screen}>
      <form
        className={classes.card}
        onSubmit={(e) => {
          e.preventDefault();
          if (password) unlock.mutate({ password });
        }}
      >
        {data?.logo_url ? (
          <ResponsiveImage src={data.logo_url} alt={data.site_title} height={56} sizes={IMAGE_SIZES.logo} className={classes.logo} />
        ) : (
          <span className={classes.brand}>{data?.site_title}</span>
        )}
        <h1 className={classes.title}>
          <Trans>Sistema bloqueado pelo Goiano</Trans>
        </h1>
        <p className={classes.text}>
          <Trans>Digite a senha para desbloquear o acesso à loja.</Trans>
        </p>
        <input
          className={classes.input}
          type="password"
          name="password"
          autoComplete="current-password"
          aria-label={t`Senha`}
          placeholder={t`Senha`}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
        <button type="submit" className={classes.button} disabled={unlock.isPending || done}>
          <Trans>Desbloquear</Trans>
        </button>
        <p className={classes.status} role="status">
          {done && <span className={classes.ok}>{t`Loja desbloqueada!`}</span>}
          {unlock.error && <span className={classes.error}>{wrong ? t`Senha incorreta` : unlock.error.message}</span>}
        </p>
      </form>
    </main>
  );
}
