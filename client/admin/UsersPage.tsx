import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Modal, Paper, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newUserProblems, passwordChangeProblems } from '../../shared/auth.ts';
import type { UserErrorCode } from '../../shared/errors.ts';
import { useTRPC } from '../trpc.ts';
import { useNotify } from './common/notify.ts';
import { useConfirm } from './common/useConfirm.tsx';
import { useCredentialErrors } from './credential-rules.ts';

/** Spec §8 "User errors": the text for each server code, per action; any other failure gets the action's generic text. */
const USER_ERRORS = {
  create: { username_exists: msg`Username já existe`, invalid_username: msg`Username inválido (use apenas letras, números e _)` },
  delete: { cannot_delete_self: msg`Você não pode deletar sua própria conta` },
  password: { wrong_password: msg`Senha atual incorreta` },
} satisfies Record<string, Partial<Record<UserErrorCode, MessageDescriptor>>>;

type ServerError = { data?: { appCode?: string | null } | null };
/** The spec's text for the error's code when this action knows it, else null. */
function codeText(known: Partial<Record<UserErrorCode, MessageDescriptor>>, error: ServerError): MessageDescriptor | null {
  const code = error.data?.appCode as UserErrorCode | undefined;
  return (code && known[code]) || null;
}

/** 'Gerenciar Usuários' (spec §2): the admins, with create, delete and change-own-password. */
export function UsersPage({ me }: { me: string }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const confirm = useConfirm();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.auth.listUsers.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.auth.listUsers.queryKey() });
  const [createOpen, createModal] = useDisclosure(false);
  const [passwordOpen, passwordModal] = useDisclosure(false);

  const remove = useMutation(
    trpc.auth.deleteUser.mutationOptions({
      onSuccess: () => {
        notify.success(t`Usuário deletado com sucesso!`);
        refresh();
      },
      onError: (e) => notify.error({ title: t`Erro`, message: i18n._(codeText(USER_ERRORS.delete, e) ?? msg`Erro ao deletar usuário`) }),
    }),
  );
  const confirmDelete = (user: { id: number; username: string }) =>
    confirm({
      question: t`Excluir ${user.username}`,
      detail: t`Tem certeza que deseja deletar este usuário?`,
      confirmLabel: t`Excluir`,
      onConfirm: () => remove.mutate({ id: user.id }),
    });

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
      {users.isPending && <Skeleton h={72} radius="lg" />}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {users.data?.map((u) => (
          <Paper key={u.id} component="li" withBorder radius="lg" p="md" data-testid={`user-${u.username}`}>
            <Group justify="space-between" align="center" gap="sm">
              <Stack gap={4} miw={0}>
                <Group gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {u.username}
                  </Text>
                  {u.is_admin && (
                    <Badge size="sm" variant="light">
                      Admin
                    </Badge>
                  )}
                  {u.username === me && (
                    <Badge size="sm" variant="outline" color="gray">
                      <Trans>Você</Trans>
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  <Trans>Criado em {i18n.date(new Date(u.created_at), { dateStyle: 'short', timeStyle: 'short' })}</Trans>
                </Text>
              </Stack>
              {u.username !== me && (
                <Button
                  variant="outline"
                  color="red"
                  size="sm"
                  onClick={() => confirmDelete(u)}
                  loading={remove.isPending && remove.variables?.id === u.id}
                  aria-label={t`Excluir ${u.username}`}
                >
                  <Trans>Excluir</Trans>
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
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
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  // Spec §5's rules as the server applies them (an empty field is only 'Preencha todos os campos').
  const errorsOf = useCredentialErrors();
  const form = useForm<{ username: string; password: string }>({
    initialValues: { username: '', password: '' },
    validate: (values) => errorsOf(newUserProblems(values)),
  });
  const create = useMutation(
    trpc.auth.createUser.mutationOptions({
      onSuccess: () => {
        notify.success(t`Usuário criado com sucesso!`);
        form.reset();
        onCreated();
        onClose();
      },
      onError: (e) => {
        // The code's text goes under the username it is about; anything else above the form. Input is kept.
        const known = codeText(USER_ERRORS.create, e);
        if (known) form.setFieldError('username', i18n._(known));
        else setError(t`Erro ao criar usuário`);
      },
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t`Criar Novo Usuário`}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setError(null);
          create.mutate({ username: values.username.trim(), password: values.password });
        })}
      >
        <Stack>
          <FormError error={error} />
          <TextInput label={t`Username`} autoComplete="off" withAsterisk data-autofocus {...form.getInputProps('username')} />
          <PasswordInput label={t`Senha`} autoComplete="new-password" withAsterisk {...form.getInputProps('password')} />
          <Button type="submit" loading={create.isPending}>
            <Trans>Criar Novo Usuário</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

type PasswordForm = { current: string; new: string; confirm: string };

function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  const errorsOf = useCredentialErrors();
  const form = useForm<PasswordForm>({
    initialValues: { current: '', new: '', confirm: '' },
    validate: (values) => errorsOf(passwordChangeProblems(values)),
  });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        notify.success(t`Senha alterada com sucesso!`);
        form.reset();
        onClose();
      },
      onError: (e) => {
        const known = codeText(USER_ERRORS.password, e);
        if (known) form.setFieldError('current', i18n._(known));
        else setError(t`Erro ao alterar senha`);
      },
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t`Alterar Minha Senha`}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setError(null);
          change.mutate({ current: values.current, new: values.new });
        })}
      >
        <Stack>
          <FormError error={error} />
          <PasswordInput
            label={t`Senha atual`}
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            {...form.getInputProps('current')}
          />
          <PasswordInput label={t`Nova senha`} autoComplete="new-password" withAsterisk {...form.getInputProps('new')} />
          <PasswordInput label={t`Confirmar nova senha`} autoComplete="new-password" withAsterisk {...form.getInputProps('confirm')} />
          <Button type="submit" loading={change.isPending}>
            <Trans>Salvar</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
