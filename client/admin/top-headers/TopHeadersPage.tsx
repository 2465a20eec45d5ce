import { Trans, useLingui } from '@lingui/react/macro';
import { NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_MESSAGES } from '../../../shared/content.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { ColorField } from '../common/ColorField.tsx';
import { useNotify } from '../common/notify.ts';
import { CrudForm } from '../crud/CrudForm.tsx';
import { CrudSection } from '../crud/CrudSection.tsx';
import { ItemRow, ListState } from '../crud/ListState.tsx';
import { SortOrderLabel } from '../crud/labels.tsx';
import { EditDeleteButtons } from '../crud/RowActions.tsx';
import { useCrudForm } from '../crud/useCrudForm.ts';
import { useDeleteAction } from '../crud/useDeleteAction.ts';
import { useRefresh } from '../crud/useRefresh.ts';
import { useSubmitHandler } from '../crud/useSubmitHandler.ts';
import { TopBarPreview } from './TopBarPreview.tsx';
import { emptyTopHeader, topHeaderValues, useTopHeaderSchema } from './top-header-form.ts';

/** 'Top Headers' (spec §2, §4): the announcement bars, each with its own colours, in sort order. */
export function TopHeadersPage() {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const list = useQuery(trpc.topHeaders.list.queryOptions());
  const listKey = trpc.topHeaders.list.queryKey();
  const { form, editing, edit, cancel } = useCrudForm({
    initialValues: emptyTopHeader,
    schema: useTopHeaderSchema(),
    toValues: topHeaderValues,
  });
  const submit = useSubmitHandler(form, {
    failure: t`Erro ao salvar`,
    known: { [CONTENT_MESSAGES.topHeaderTextRequired]: ['text'] },
    run: async (values) => {
      if (editing) {
        await client.topHeaders.update.mutate({ ...values, id: editing.id });
        notify.success(t`Top Header atualizado!`);
      } else {
        await client.topHeaders.create.mutate(values);
        notify.success(t`Top Header criado!`);
      }
      cancel();
      await refresh(listKey);
    },
  });
  const askDelete = useDeleteAction({
    remove: (id) => client.topHeaders.delete.mutate({ id }),
    question: t`Excluir top header?`,
    success: t`Top Header excluído`,
    failure: t`Erro ao excluir`,
    listKey,
    onDeleted: (id) => editing?.id === id && cancel(),
  });
  const v = form.values;

  return (
    <CrudSection
      title={t`Top Headers`}
      intro={<Trans>As mensagens da barra de anúncios no topo da loja, que se alternam a cada 4 segundos.</Trans>}
      form={
        <CrudForm
          title={editing ? t`Editar top header` : t`Novo top header`}
          editingId={editing?.id ?? null}
          saving={form.submitting}
          submitLabel={editing ? t`Salvar alterações` : t`Adicionar top header`}
          onSubmit={submit}
          onCancel={cancel}
        >
          <TextInput label={t`Texto`} required placeholder={t`Ex.: Frete grátis acima de R$ 199`} {...form.getInputProps('text')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <ColorField label={t`Cor de fundo`} {...form.getInputProps('bg_color')} />
            <ColorField label={t`Cor do texto`} {...form.getInputProps('text_color')} />
          </SimpleGrid>
          <NumberInput label={t`Ordem`} allowDecimal={false} w={140} {...form.getInputProps('sort_order')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>Pré-visualização</Trans>
            </Text>
            <TopBarPreview text={v.text || t`Texto do anúncio`} bg={v.bg_color} color={v.text_color} />
          </Stack>
        </CrudForm>
      }
      list={
        <ListState query={list} empty={list.data?.length === 0} emptyText={<Trans>Nenhum top header cadastrado.</Trans>}>
          {list.data?.map((item) => (
            <ItemRow
              key={item.id}
              testId={`top-header-${item.id}`}
              active={editing?.id === item.id}
              actions={
                <EditDeleteButtons
                  name={item.text}
                  onEdit={() => edit(item)}
                  onDelete={() => askDelete({ id: item.id, name: item.text })}
                />
              }
            >
              <TopBarPreview text={item.text} bg={item.bg_color} color={item.text_color} />
              <Text size="xs" c="dimmed" mt={4}>
                <SortOrderLabel order={item.sort_order} /> · {item.bg_color} / {item.text_color}
              </Text>
            </ItemRow>
          ))}
        </ListState>
      }
    />
  );
}
