import { Trans } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';

/**
 * The form card of a list-and-form section. In edit mode it says so, offers 'Cancelar' (back to
 * create mode with a cleared form) and, when an item is picked, comes into view with its first
 * field focused. The submit button is disabled while saving.
 */
export function CrudForm({
  title,
  editingId,
  saving,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  editingId: number | null;
  saving: boolean;
  submitLabel: string;
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (editingId === null || !form) return;
    // Bring the form's top into view (below the fixed header) unless it is already well in sight.
    const top = form.getBoundingClientRect().top;
    if (top < 60 || top > window.innerHeight / 2) form.scrollIntoView({ block: 'start' });
    form.querySelector<HTMLElement>('input:not([type=file]), textarea')?.focus({ preventScroll: true });
  }, [editingId]);
  return (
    <Paper
      component="form"
      ref={ref}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      onSubmit={onSubmit}
      aria-label={title}
      noValidate
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            {title}
          </Title>
          {editingId !== null && (
            <Badge color="blue.9">
              <Trans>Editando</Trans>
            </Badge>
          )}
        </Group>
        {children}
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          {editingId !== null && (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              <Trans>Cancelar</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
