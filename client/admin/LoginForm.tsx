import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { z } from 'zod';
import { ZLoginInput } from '../../shared/auth.ts';
import { useTRPC } from '../trpc.ts';

/** Admin login (spec §2): 'Admin Panel', Username, Senha, 'Entrar'. Drawn in the saved admin theme. */
export function LoginForm() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schema = useMemo(() => {
    const filled = z.string().trim().min(1, t`Preencha todos os campos`);
    return ZLoginInput.extend({ username: filled, password: filled });
  }, [t]);
  const form = useForm<z.infer<typeof ZLoginInput>>({ initialValues: { username: '', password: '' }, validate: zod4Resolver(schema) });
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
    <Center mih="100vh" p="md" style={{ background: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))' }}>
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={400}>
        <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
          <Stack>
            <Title order={1} size="h2" ta="center">
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
              withAsterisk
              autoFocus
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label={t`Senha`}
              name="password"
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('password')}
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
