import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Badge, Button, Group, Modal, Paper, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LIMITS } from '../../shared/limits.ts';
import { useTRPC } from '../trpc.ts';

/** The server's message for the spec's user error codes, else the screen's generic failure text. */
function failure(error: { message: string; data?: { appCode?: string | null } | null }, fallback: string): string {
  return error.data?.appCode ? error.message : fallback;
}

/** 'Gerenciar Usuários' (spec §2): the admins, with create, delete and change-own-password. */
export function UsersPage({ me }: { me: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.auth.listUsers.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.auth.listUsers.queryKey() });
  const [createOpen, createModal] = useDisclosure(false);
  const [passwordOpen, passwordModal] = useDisclosure(false);

  const remove = useMutation(
    trpc.auth.deleteUser.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', message: t`Usuário deletado com sucesso!` });
        refresh();
      },
      onError: (e) => notifications.show({ color: 'red', title: t`Erro`, message: failure(e, t`Erro ao deletar usuário`) }),
    }),
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Gerenciar Usuários</Trans>
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={passwordModal.open}>
            <Trans>Alterar Minha Senha</Trans>
          </Button>
          <Button onClick={createModal.open}>
            <Trans>Criar Novo Usuário</Trans>
          </Button>
        </Group>
      </Group>
      {users.isError && (
        <Alert color="red" role="alert">
          <Trans>Erro ao carregar usuários</Trans>
        </Alert>
      )}
      <Paper withBorder radius="lg">
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Tbody>
            {users.data?.map((u) => (
              <Table.Tr key={u.id} data-testid={`user-${u.username}`}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={600}>{u.username}</Text>
                    {u.is_admin && (
                      <Badge size="sm" variant="light">
                        Admin
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td c="dimmed">{i18n.date(new Date(u.created_at), { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                <Table.Td w={56}>
                  {u.username !== me && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t`Deletar ${u.username}`}
                      onClick={() => {
                        if (window.confirm(t`Tem certeza que deseja deletar este usuário?`)) remove.mutate({ id: u.id });
                      }}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <CreateUserModal opened={createOpen} onClose={createModal.close} onCreated={refresh} />
      <ChangePasswordModal opened={passwordOpen} onClose={passwordModal.close} />
    </Stack>
  );
}

function FormError({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  ) : null;
}

function CreateUserModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.auth.createUser.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', message: t`Usuário criado com sucesso!` });
        setUsername('');
        setPassword('');
        onCreated();
        onClose();
      },
      onError: (e) => setError(failure(e, t`Erro ao criar usuário`)),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return setError(t`Preencha todos os campos`);
    if (password.length < LIMITS.passwordMinLength) return setError(t`Senha deve ter no mínimo 6 caracteres`);
    setError(null);
    create.mutate({ username: username.trim(), password });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Criar Novo Usuário`}>
      <form onSubmit={submit}>
        <Stack>
          <FormError error={error} />
          <TextInput label={t`Username`} value={username} onChange={(e) => setUsername(e.currentTarget.value)} autoComplete="off" />
          <PasswordInput
            label={t`Senha`}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
          />
          <Button type="submit" loading={create.isPending}>
            <Trans>Criar Novo Usuário</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', message: t`Senha alterada com sucesso!` });
        setCurrent('');
        setNext('');
        setConfirm('');
        onClose();
      },
      onError: (e) => setError(failure(e, t`Erro ao alterar senha`)),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!current || !next || !confirm) return setError(t`Preencha todos os campos`);
    if (next !== confirm) return setError(t`Senhas não conferem`);
    if (next.length < LIMITS.passwordMinLength) return setError(t`Nova senha deve ter no mínimo 6 caracteres`);
    setError(null);
    change.mutate({ current, new: next });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Alterar Minha Senha`}>
      <form onSubmit={submit}>
        <Stack>
          <FormError error={error} />
          <PasswordInput
            label={t`Senha atual`}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            autoComplete="current-password"
          />
          <PasswordInput label={t`Nova senha`} value={next} onChange={(e) => setNext(e.currentTarget.value)} autoComplete="new-password" />
          <PasswordInput
            label={t`Confirmar nova senha`}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            autoComplete="new-password"
          />
          <Button type="submit" loading={change.isPending}>
            <Trans>Salvar</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
