import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, PasswordInput, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '../../trpc.ts';
import { SettingsSection } from '../common/SettingsSection.tsx';
import type { SiteForm } from './site-form.ts';

/** Store lock with its unlock password, and the Goiano theme (its toggle only for admins, spec §6). */
export function LockSection({ form, passwordSet }: { form: SiteForm; passwordSet: boolean }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const id = useId();
  const password = form.getInputProps('store_unlock_password');
  return (
    <SettingsSection title={<Trans>Acesso à loja</Trans>}>
      <Switch
        label={t`Bloquear a loja`}
        description={t`Visitantes veem a tela de senha; administradores conectados continuam vendo a loja.`}
        {...form.getInputProps('store_locked', { type: 'checkbox' })}
      />
      <PasswordInput
        // Mantine leaves the password field's error and description unannounced: tie them to it here.
        aria-invalid={!!password.error}
        aria-describedby={`${id}-description${password.error ? ` ${id}-error` : ''}`}
        descriptionProps={{ id: `${id}-description` }}
        errorProps={{ id: `${id}-error` }}
        label={t`Senha de desbloqueio`}
        description={
          passwordSet ? t`Uma senha já está definida. Deixe em branco para mantê-la.` : t`A senha que os visitantes digitam para entrar.`
        }
        autoComplete="new-password"
        maxLength={200}
        {...password}
      />
      {me.data?.is_admin && (
        <>
          <Divider />
          <Switch
            label={t`Tema Goiano`}
            description={t`Logo e título 'GOIANO Painel' no painel administrativo.`}
            {...form.getInputProps('goiano_theme_active', { type: 'checkbox' })}
          />
        </>
      )}
    </SettingsSection>
  );
}
