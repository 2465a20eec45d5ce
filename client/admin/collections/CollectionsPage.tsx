import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CollectionDto, sameCollectionName, ZCollectionCreate } from '../../../shared/catalog.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { CrudForm } from '../crud/CrudForm.tsx';
import { CrudSection } from '../crud/CrudSection.tsx';
import { ItemRow, ListState } from '../crud/ListState.tsx';
import { EditDeleteButtons, MoveButtons } from '../crud/RowActions.tsx';
import { useCrudForm } from '../crud/useCrudForm.ts';
import { useDeleteAction } from '../crud/useDeleteAction.ts';
import { useRefresh } from '../crud/useRefresh.ts';
import { useSubmitHandler } from '../crud/useSubmitHandler.ts';
import { useCollectionActions } from './useCollectionActions.ts';

const NAME_REQUIRED = 'Informe o nome da coleção';

/** 'Coleções' (spec §2, §4, §5): created by name (Enter or the button), renamed, toggled, moved, deleted. */
export function CollectionsPage() {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const list = useQuery(trpc.collections.list.queryOptions());
  const listKey = trpc.collections.list.queryKey();
  const schema = useMemo(
    () => ZCollectionCreate.refine((v) => v.name.trim() !== '', { message: t`Informe o nome da coleção`, path: ['name'] }),
    [t],
  );
  const { form, editing, edit, cancel } = useCrudForm({
    initialValues: { name: '' },
    schema,
    toValues: (c: CollectionDto) => ({ name: c.name }),
  });
  const submit = useSubmitHandler(form, {
    failure: editing ? t`Erro ao atualizar coleção` : t`Erro ao criar coleção`,
    known: { [NAME_REQUIRED]: ['name'] },
    run: async (values) => {
      if (editing) {
        await client.collections.update.mutate({ id: editing.id, name: values.name });
        notify.success(t`Coleção atualizada`);
      } else {
        const { warning } = await client.collections.create.mutate(values);
        notify.success(t`Coleção criada!`);
        if (warning) notify.warning(warning);
      }
      cancel();
      await refresh(listKey);
    },
  });
  const { toggle, move } = useCollectionActions();
  const askDelete = useDeleteAction({
    remove: (id) => client.collections.delete.mutate({ id }),
    question: t`Excluir coleção?`,
    success: t`Coleção excluída`,
    failure: t`Erro ao excluir`,
    listKey,
    onDeleted: (id) => editing?.id === id && cancel(),
  });
  const count = list.data?.length ?? 0;
  // Said before 'Adicionar': the server allows it and answers the same warning (collection.service.ts).
  const typed = form.values.name.trim();
  const twin = typed ? list.data?.find((c) => c.id !== editing?.id && sameCollectionName(c.name, typed)) : undefined;
  const activeLabel = (name: string) => t`Coleção ${name} ativa`;

  return (
    <CrudSection
      title={t`Coleções`}
      intro={
        <Trans>
          As coleções ativas aparecem no menu e na página inicial, nesta ordem. Os produtos de uma coleção excluída passam para os
          destaques.
        </Trans>
      }
      form={
        <CrudForm
          title={editing ? t`Renomear coleção` : t`Nova coleção`}
          editingId={editing?.id ?? null}
          saving={form.submitting}
          submitLabel={editing ? t`Salvar alterações` : t`Adicionar`}
          onSubmit={submit}
          onCancel={cancel}
        >
          <TextInput
            label={t`Nome da coleção`}
            required
            placeholder={t`Ex.: Verão`}
            description={
              twin ? t`Já existe uma coleção com este nome (/colecao/${twin.slug}): as duas aparecerão iguais no menu.` : undefined
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('name')}
          />
        </CrudForm>
      }
      list={
        <ListState query={list} empty={count === 0} emptyText={<Trans>Nenhuma coleção cadastrada.</Trans>}>
          {list.data?.map((c, index) => (
            <ItemRow
              key={c.id}
              testId={`collection-${c.slug}`}
              active={editing?.id === c.id}
              actions={
                <>
                  <MoveButtons name={c.name} index={index} count={count} onMove={move} />
                  <EditDeleteButtons name={c.name} onEdit={() => edit(c)} onDelete={() => askDelete({ id: c.id, name: c.name })} />
                </>
              }
            >
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} truncate>
                  {c.name}
                </Text>
                {!c.active && (
                  <Badge size="sm" color="gray.7">
                    <Trans>Inativa</Trans>
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate>
                /colecao/{c.slug}
              </Text>
              <Switch
                mt={6}
                size="sm"
                label={t`Ativa`}
                aria-label={activeLabel(c.name)}
                checked={c.active}
                onChange={(e) => toggle(c, e.currentTarget.checked)}
              />
            </ItemRow>
          ))}
        </ListState>
      }
    />
  );
}
