import { Trans } from '@lingui/react/macro';
import { Alert, Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a section's list shows while it loads, when loading failed, or when it has nothing yet. */
export function ListState({
  query,
  empty,
  emptyText,
  children,
}: {
  query: { isPending: boolean; isError: boolean };
  empty: boolean;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        <Trans>Não foi possível carregar a lista. Recarregue a página.</Trans>
      </Alert>
    );
  }
  if (empty) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return <Stack gap="sm">{children}</Stack>;
}

/** One row of a section's list: something to look at, the text, then the row's buttons; never wider than a phone. */
export function ItemRow({
  leading,
  actions,
  children,
  testId,
  active,
}: {
  leading?: ReactNode;
  actions: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The row being edited in the form. */
  active?: boolean;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={testId}
      aria-current={active || undefined}
      style={active ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Group wrap="nowrap" gap="sm">
        {leading}
        <Box flex={1} miw={0}>
          {children}
        </Box>
        <Group gap={2} justify="flex-end">
          {actions}
        </Group>
      </Group>
    </Paper>
  );
}
