import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc.ts';
import { AdminShell } from './AdminShell.tsx';
import { LoginForm } from './LoginForm.tsx';

/** Spinner while the session loads, the login form when signed out, else the panel (spec §2). */
export function AdminApp() {
  const trpc = useTRPC();
  // Not read again when the tab comes back to the front (AdminRoot's default): a session that
  // lapsed meanwhile would swap the panel for the login form and lose what was being typed; the
  // next save says so instead, with the text still there.
  const me = useQuery({ ...trpc.auth.me.queryOptions(), refetchOnWindowFocus: false });
  if (me.isPending) {
    return (
      <Center h="100vh">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">
            <Trans>Carregando...</Trans>
          </Text>
        </Stack>
      </Center>
    );
  }
  if (!me.data?.authenticated) return <LoginForm />;
  return <AdminShell username={me.data.username ?? ''} />;
}
