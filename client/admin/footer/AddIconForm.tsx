import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CONTENT_MESSAGES, ZFooterIconFields } from '../../../shared/content.ts';
import { useTRPC } from '../../trpc.ts';
import { ImageUploadField } from '../common/ImageUploadField.tsx';
import { useNotify } from '../common/notify.ts';
import { showFieldError } from '../common/server-errors.ts';
import { useContractForm } from '../common/useContractForm.ts';
import { useRefreshFooter } from './footer-queries.ts';

/** Adds a payment icon: an image (required: 'Selecione uma imagem') and its alt text (blank: the server's 'Forma de pagamento'). */
export function AddIconForm({ nextSortOrder }: { nextSortOrder: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefreshFooter();
  const form = useContractForm(ZFooterIconFields, { image: null as File | null, alt_text: '' }, (v) =>
    v.image ? {} : { image: CONTENT_MESSAGES.imageRequired },
  );
  const create = useMutation(
    trpc.footer.createIcon.mutationOptions({
      onSuccess: () => {
        notify.success(t`Ícone adicionado com sucesso`);
        form.reset();
        return refresh();
      },
      onError: (error) => {
        showFieldError(form, error);
        notify.error(t`Erro ao adicionar ícone`);
      },
    }),
  );
  const submit = form.onSubmit((values) => {
    const data = new FormData();
    if (values.image) data.append('image', values.image);
    data.append('alt_text', values.alt_text.trim());
    data.append('sort_order', String(nextSortOrder));
    create.mutate(data);
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t`Adicionar ícone`}>
      <Stack gap="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <ImageUploadField
          label={t`Novo ícone`}
          currentUrl=""
          value={form.values.image}
          onChange={(file) => {
            form.setFieldValue('image', file);
            form.clearFieldError('image');
          }}
          error={form.errors.image}
          previewHeight={56}
          transparentBackground
        />
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t`Texto alternativo`}
            placeholder={t`Ex.: Pix, Visa, Boleto`}
            maxLength={255}
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps('alt_text')}
          />
          <Button type="submit" loading={create.isPending}>
            <Trans>Adicionar ícone</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
