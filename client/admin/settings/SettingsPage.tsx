import { useLingui } from '@lingui/react/macro';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';
import { ColorsSection, ShippingSection, ViewMoreSection } from './ColorSections.tsx';
import { DisplaySection } from './DisplaySection.tsx';
import { LockSection } from './LockSection.tsx';
import { SiteSection } from './SiteSection.tsx';
import { SITE_EXTRA, SITE_KEYS } from './site-form.ts';

/** Admin section 'Configurações' (spec §2 "Admin page", §3 Settings): the shop's identity, display, shipping and lock. */
export function SettingsPage() {
  const { t } = useLingui();
  const { form, settings, onSubmit, ...state } = useSettingsForm({
    keys: SITE_KEYS,
    extra: SITE_EXTRA,
    success: t`Configurações salvas`,
    failure: { title: t`Erro`, message: t`Falha ao salvar configurações.` },
  });
  return (
    <SettingsFormLayout title={t`Configurações`} state={state} onSubmit={onSubmit}>
      {settings && (
        <>
          <SiteSection form={form} settings={settings} />
          <ColorsSection form={form} />
          <DisplaySection form={form} />
          <ShippingSection form={form} />
          <ViewMoreSection form={form} />
          <LockSection form={form} passwordSet={settings.store_unlock_password_set} />
        </>
      )}
    </SettingsFormLayout>
  );
}
