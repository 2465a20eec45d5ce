import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';

/**
 * Admin toasts (spec §8): green for success, red for failure, yellow for a partial success. Their
 * close button is named, so screen readers (and axe) know what it does.
 */
export function useNotify() {
  const { t } = useLingui();
  const closeButtonProps = { 'aria-label': t`Fechar` };
  return {
    success: (message: string, title?: string) => notifications.show({ color: 'green', title, message, closeButtonProps }),
    error: (title: string, message: string) => notifications.show({ color: 'red', title, message, closeButtonProps }),
    warning: (message: string, title?: string) => notifications.show({ color: 'yellow', title, message, closeButtonProps }),
  };
}
