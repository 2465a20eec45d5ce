import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import adminText from './admin-text.module.css';

/** A toast's text: a message alone, or a title with a message (spec §8 "Admin toasts"). */
export type ToastText = string | { title: string; message: string };
export type Notify = Record<'success' | 'error' | 'warning', (text: ToastText) => void>;

/**
 * The admin's toasts (top-right under the header, clear of the sticky save bar: see AdminRoot): green for success, red for failure, yellow for a
 * partial success; the message readable (contrast) under its title and the close button named, so
 * screen readers (and axe) know what it does. Pass texts already translated:
 * `notify.success(t\`Ícone removido\`)`, `notify.error({ title: t\`Erro\`, message: t\`Falha ao salvar configurações.\` })`.
 */
export function useNotify(): Notify {
  const { t } = useLingui();
  const close = t`Fechar`;
  const show = (color: string) => (text: ToastText) => {
    notifications.show({
      color,
      classNames: { description: adminText.toastMessage },
      closeButtonProps: { 'aria-label': close },
      ...(typeof text === 'string' ? { message: text } : { title: text.title, message: text.message }),
    });
  };
  return { success: show('green'), error: show('red'), warning: show('yellow') };
}
