import { Trans } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a live preview: a titled card whose drawing is `inert` (a picture of the storefront,
 * not part of the admin: no focus, hidden from screen readers; its colours are the owner's choice).
 * `summary` describes in words what the picture shows, for everyone.
 */
export function PreviewFrame({ children, summary }: { children: ReactNode; summary?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="figure" m={0} data-testid="live-preview">
      <Stack gap="sm">
        <Title order={3} size="h5">
          <Trans>Pré-visualização</Trans>
        </Title>
        <div inert>{children}</div>
        {summary && (
          <Text component="figcaption" size="xs" c="dimmed">
            {summary}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** A small caption above one part of a preview ('Desktop', 'Celular'). */
export function PreviewLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
      {children}
    </Text>
  );
}
