import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The bottom of an admin form, kept in view while scrolling: the server's refusal that belongs to no
 * single field, and the submit button (disabled with a spinner while saving).
 */
export function FormSaveBar({ saving, error, label }: { saving: boolean; error?: string | null; label?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="sm" shadow="sm" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          {error && (
            <Alert color="red" variant="light" p="xs" role="alert">
              {error}
            </Alert>
          )}
        </div>
        <Button type="submit" loading={saving} miw={120}>
          {label ?? <Trans>Salvar</Trans>}
        </Button>
      </Group>
    </Paper>
  );
}
