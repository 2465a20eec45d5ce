import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import type { ProductAdminRow } from '../../../shared/product-admin.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { errorMessage } from '../common/server-errors.ts';
import { CrudForm } from '../crud/CrudForm.tsx';
import { CrudSection } from '../crud/CrudSection.tsx';
import { useCrudForm } from '../crud/useCrudForm.ts';
import { useDeleteAction } from '../crud/useDeleteAction.ts';
import { useRefresh } from '../crud/useRefresh.ts';
import { useSubmitHandler } from '../crud/useSubmitHandler.ts';
import { useUploadPending } from './gallery/useUploadPending.ts';
import { ProductFields } from './ProductFields.tsx';
import { ProductList } from './ProductList.tsx';
import { emptyProduct, PRODUCT_FIELD_MESSAGES, productFormData, productValues, useProductSchema } from './product-form.ts';

/** 'Produtos' (spec §2, §4, §5): the catalogue, with the product form and its image gallery. */
export function ProductsPage() {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const collections = useQuery(trpc.collections.list.queryOptions());
  const settings = useQuery(trpc.settings.admin.queryOptions());
  // Every page of the list, whatever its search: what a change to a product reloads.
  const listKey = trpc.products.adminPage.pathKey();
  const [pending, setPending] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const uploadPending = useUploadPending();
  const schema = useProductSchema();
  const { form, editing, edit, cancel } = useCrudForm({ initialValues: emptyProduct, schema, toValues: productValues });
  const backToCreate = () => {
    cancel();
    setPending([]);
  };
  const required = t`Preencha título e preço`;
  const submit = useSubmitHandler(form, {
    failure: t`Falha ao salvar produto`,
    known: PRODUCT_FIELD_MESSAGES,
    onInvalid: (errors) => {
      if (errors.title === required || errors.price === required) notify.error({ title: t`Erro`, message: required });
    },
    run: async (values) => {
      if (editing) {
        await client.products.update.mutate(productFormData(values, editing.id));
        notify.success(t`Produto atualizado`);
      } else {
        const created = await client.products.create.mutate(productFormData(values));
        notify.success(t`Produto criado`);
        if (pending.length > 0) {
          setUploading(true);
          await uploadPending(created.id, pending).finally(() => setUploading(false));
        }
      }
      backToCreate();
      await refresh(listKey);
    },
  });
  const askDelete = useDeleteAction({
    remove: (id) => client.products.delete.mutate({ id }),
    question: t`Deletar este produto?`,
    confirmLabel: t`Deletar`,
    success: t`Produto deletado`,
    failure: t`Erro ao deletar`,
    listKey,
    onDeleted: (id) => editing?.id === id && backToCreate(),
  });
  // The list's rows are slim: the form gets the whole product, as it is now.
  const openForEdit = async (row: ProductAdminRow) => {
    try {
      const product = await queryClient.fetchQuery({ ...trpc.products.get.queryOptions({ id: row.id }), staleTime: 0 });
      edit(product);
      setPending([]);
    } catch (e) {
      notify.error({ title: t`Erro`, message: errorMessage(e) });
    }
  };

  return (
    <CrudSection
      title={t`Produtos`}
      intro={<Trans>Cadastre, edite e remova produtos. Para mudar a ordem na loja, use Organizar Produtos.</Trans>}
      form={
        <CrudForm
          title={editing ? t`Editar produto` : t`Novo produto`}
          editingId={editing?.id ?? null}
          saving={form.submitting}
          submitLabel={editing ? t`Salvar alterações` : t`Criar produto`}
          onSubmit={submit}
          onCancel={backToCreate}
        >
          <ProductFields
            form={form}
            collections={collections.data ?? []}
            productId={editing?.id ?? null}
            pending={pending}
            onPendingChange={setPending}
            uploading={uploading}
          />
        </CrudForm>
      }
      list={
        <ProductList
          collections={collections.data ?? []}
          currency={(settings.data?.currency ?? 'BRL') as CurrencyCode}
          editingId={editing?.id ?? null}
          onEdit={(p) => void openForEdit(p)}
          onDelete={(p) => askDelete({ id: p.id, name: p.title })}
        />
      }
    />
  );
}
