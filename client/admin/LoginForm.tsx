import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../trpc.ts';

/** Admin login (spec §2): 'Admin Panel', Username, Senha, 'Entrar'. */
export function LoginForm() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (me) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), me);
        queryClient.invalidateQueries();
      },
    }),
  );
  const failed = login.error?.data?.httpStatus === 401;
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={400}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            login.mutate({ username, password });
          }}
        >
          <Stack>
            <Title order={2} ta="center">
              <Trans>Admin Panel</Trans>
            </Title>
            {login.error && (
              <Alert color="red" variant="light" role="alert">
                {failed ? t`Usuário ou senha incorretos` : login.error.message}
              </Alert>
            )}
            <TextInput
              label={t`Username`}
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              required
              autoFocus
            />
            <PasswordInput
              label={t`Senha`}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <Button type="submit" loading={login.isPending} fullWidth size="md">
              <Trans>Entrar</Trans>
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
