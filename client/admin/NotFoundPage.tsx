import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** An /admin/... address that names no section: say so, with the way back (never a silent Dashboard). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Stack align="flex-start" gap="md" py="xl" data-testid="admin-not-found">
      <Title order={2}>
        <Trans>Página não encontrada</Trans>
      </Title>
      <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        <Trans>
          O endereço <code>{pathname}</code> não corresponde a nenhuma seção do painel.
        </Trans>
      </Text>
      <Button component={Link} to="/admin">
        <Trans>Voltar para o Dashboard</Trans>
      </Button>
    </Stack>
  );
}
