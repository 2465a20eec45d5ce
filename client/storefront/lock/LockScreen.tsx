import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { imageUrl } from '../../../shared/image-url.ts';
import { useTRPC } from '../../trpc.ts';
import classes from './LockScreen.module.css';

/** Replaces the store while it is locked (spec §2). Unlocking arrives with the store-lock work. */
export function LockScreen() {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.settings.get.queryOptions());
  return (
    <div className={classes.screen}>
      <div className={classes.card}>
        {data?.logo_url && <img src={imageUrl(data.logo_url)} alt={data.site_title} height={56} className={classes.logo} />}
        <h1 className={classes.title}>
          <Trans>Sistema bloqueado pelo Goiano</Trans>
        </h1>
        <p>
          <Trans>Digite a senha para desbloquear o acesso à loja.</Trans>
        </p>
      </div>
    </div>
  );
}
