import { notifications } from '@mantine/notifications';

/** A toast's text: a message alone, or a title with a message (spec §8 "Admin toasts"). */
export type ToastText = string | { title: string; message: string };

const show = (color: string, text: ToastText) =>
  notifications.show(typeof text === 'string' ? { color, message: text } : { color, title: text.title, message: text.message });

/**
 * The admin's toasts (bottom-right, see AdminRoot). Pass texts already translated:
 * `notify.success(t\`Ícone removido\`)`, `notify.error({ title: t\`Erro\`, message: t\`Falha ao salvar configurações.\` })`.
 */
export const notify = {
  success: (text: ToastText) => show('green', text),
  error: (text: ToastText) => show('red', text),
};
