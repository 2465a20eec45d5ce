import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/**
 * A screen that fails while drawing says so in its place, with a reload, instead of taking the
 * whole panel down to a blank page: the header and the sidebar stay, and another screen opens as
 * usual (AdminShell keys it by the path, so leaving the screen clears it).
 */
export class ScreenError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert color="red" role="alert" data-testid="admin-screen-error">
        <Stack align="flex-start" gap="sm">
          <Trans>Não foi possível abrir esta seção. Recarregue a página.</Trans>
          <Button size="xs" color="red" onClick={() => window.location.reload()}>
            <Trans>Recarregar</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  }
}
