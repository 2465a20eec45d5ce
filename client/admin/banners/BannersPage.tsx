import { Trans, useLingui } from '@lingui/react/macro';
import { AspectRatio, Box, Image, NumberInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_MESSAGES } from '../../../shared/content.ts';
import { imageUrl } from '../../../shared/image-url.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { ImagePicker } from '../common/ImagePicker.tsx';
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
import { bannerFormData, bannerValues, emptyBanner, useBannerSchema } from './banner-form.ts';

/** 'Banners' (spec §2, §4): the home carousel's slides, with image upload and preview. */
export function BannersPage() {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const list = useQuery(trpc.banners.list.queryOptions());
  const listKey = trpc.banners.list.queryKey();
  const { form, editing, edit, cancel } = useCrudForm({ initialValues: emptyBanner, schema: useBannerSchema(), toValues: bannerValues });
  const submit = useSubmitHandler(form, {
    failure: t`Erro ao salvar banner`,
    known: { [CONTENT_MESSAGES.invalidLink]: ['href'], [CONTENT_MESSAGES.imageRequired]: ['image'] },
    run: async (values) => {
      if (editing) {
        await client.banners.update.mutate(bannerFormData(values, editing.id));
        notify.success(t`Banner atualizado!`);
      } else {
        if (!values.image) {
          form.setFieldError('image', t`Selecione uma imagem`);
          return;
        }
        await client.banners.create.mutate(bannerFormData(values));
        notify.success(t`Banner criado!`);
      }
      cancel();
      await refresh(listKey);
    },
  });
  const askDelete = useDeleteAction({
    remove: (id) => client.banners.delete.mutate({ id }),
    question: t`Excluir banner?`,
    success: t`Banner excluído`,
    failure: t`Erro ao excluir`,
    listKey,
    onDeleted: (id) => editing?.id === id && cancel(),
  });
  const untitled = t`Banner sem título`;

  return (
    <CrudSection
      title={t`Banners`}
      intro={<Trans>As imagens do carrossel da página inicial, na ordem definida.</Trans>}
      form={
        <CrudForm
          title={editing ? t`Editar banner` : t`Novo banner`}
          editingId={editing?.id ?? null}
          saving={form.submitting}
          submitLabel={editing ? t`Salvar alterações` : t`Adicionar banner`}
          onSubmit={submit}
          onCancel={cancel}
        >
          <ImagePicker
            label={t`Imagem`}
            required={!editing}
            ratio={3}
            file={form.values.image}
            currentUrl={editing?.image_url}
            error={form.errors.image}
            onChange={(file) => {
              form.setFieldValue('image', file);
              form.clearFieldError('image');
            }}
            onRefuse={(message) => form.setFieldError('image', message)}
          />
          <ImagePicker
            label={t`Imagem para celular (opcional)`}
            hint={t`Proporção 21:9 (por exemplo 1260 × 540 px), mostrada em telas com menos de 768 px. Sem ela, o celular mostra a imagem principal recortada.`}
            ratio={21 / 9}
            file={form.values.mobile_image}
            currentUrl={form.values.remove_mobile_image ? undefined : editing?.mobile_image_url || undefined}
            error={form.errors.mobile_image}
            onChange={(file) => {
              form.setValues({ mobile_image: file, remove_mobile_image: false });
              form.clearFieldError('mobile_image');
            }}
            onRefuse={(message) => form.setFieldError('mobile_image', message)}
            onRemove={() => form.setValues({ mobile_image: null, remove_mobile_image: true })}
          />
          <TextInput label={t`Título (opcional)`} {...form.getInputProps('title')} />
          <TextInput label={t`Link (opcional)`} description={t`Ex.: /colecao/camisetas`} {...form.getInputProps('href')} />
          <NumberInput label={t`Ordem`} allowDecimal={false} w={140} {...form.getInputProps('sort_order')} />
        </CrudForm>
      }
      list={
        <ListState query={list} empty={list.data?.length === 0} emptyText={<Trans>Nenhum banner cadastrado.</Trans>}>
          {list.data?.map((b) => (
            <ItemRow
              key={b.id}
              testId={`banner-${b.id}`}
              active={editing?.id === b.id}
              leading={
                <Box w={{ base: 96, sm: 150 }} style={{ flexShrink: 0 }}>
                  <AspectRatio ratio={3}>
                    <Image src={imageUrl(b.image_url)} alt="" radius="sm" fit="cover" />
                  </AspectRatio>
                </Box>
              }
              actions={
                <EditDeleteButtons
                  name={b.title || untitled}
                  onEdit={() => edit(b)}
                  onDelete={() => askDelete({ id: b.id, name: b.title || untitled })}
                />
              }
            >
              <Text fw={600} truncate>
                {b.title || untitled}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {b.href || t`Sem link`}
              </Text>
              <Text size="xs" c="dimmed">
                <SortOrderLabel order={b.sort_order} />
                {b.mobile_image_url && <> · {t`Com imagem para celular`}</>}
              </Text>
            </ItemRow>
          ))}
        </ListState>
      }
    />
  );
}
