import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Input, Modal, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShopifyProduct } from '../../../shared/shopify.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { errorMessage } from '../common/server-errors.ts';
import { ShopifyProductBrowser } from './ShopifyProductBrowser.tsx';

/**
 * The product form's link to Shopify: the linked product's id, 'Escolher na Shopify' (a picker of
 * the connected shop's products) and 'Desvincular'. Linking is saved at once by shopify.link,
 * which checks the product exists in the shop; a new product is linked once it is created.
 */
export function ShopifyLinkField({
  productId,
  value,
  onLinked,
}: {
  productId: number | null;
  value: string;
  onLinked: (id: string) => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const status = useQuery(trpc.shopify.status.queryOptions());
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const link = async (id: string) => {
    if (productId === null) return;
    setBusy(id);
    try {
      const res = await client.shopify.link.mutate({ product_id: productId, shopify_product_id: id });
      onLinked(res.shopify_product_id);
      setOpen(false);
      notify.success(res.shopify_title ? t`Vinculado a “${res.shopify_title}” da Shopify` : t`Vínculo com a Shopify removido`);
      await queryClient.invalidateQueries({ queryKey: trpc.shopify.products.pathKey() });
    } catch (e) {
      notify.error({ title: t`Erro`, message: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  const connected = status.data?.connected === true;
  const description =
    productId === null
      ? t`Crie o produto primeiro; depois escolha aqui o produto da Shopify que o botão de compra vende.`
      : !connected && status.isSuccess
        ? t`Conecte a loja Shopify (domínio e token) em Shopify para escolher um produto.`
        : t`Com ele, o botão de compra da Shopify aparece no produto.`;
  return (
    <Input.Wrapper label={t`Produto Shopify`} description={description}>
      <Group gap="xs" mt={6} wrap="wrap">
        <Text size="sm" c={value ? undefined : 'dimmed'} data-testid="shopify-link-value">
          {value ? t`ID ${value}` : t`Nenhum produto vinculado`}
        </Text>
        <Button size="xs" variant="light" disabled={productId === null || !connected} onClick={() => setOpen(true)}>
          <Trans>Escolher na Shopify</Trans>
        </Button>
        {value && productId !== null && (
          <Button size="xs" variant="subtle" color="red" loading={busy === ''} onClick={() => void link('')}>
            <Trans>Desvincular</Trans>
          </Button>
        )}
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`Escolher produto da Shopify`} size="lg">
        {open && (
          <ShopifyProductBrowser
            first={10}
            actions={(p: ShopifyProduct) => (
              <Button
                size="xs"
                variant={p.id === value ? 'filled' : 'default'}
                disabled={p.id === value || (busy !== null && busy !== p.id)}
                loading={busy === p.id}
                onClick={() => void link(p.id)}
                aria-label={t`Vincular a ${p.title}`}
              >
                {p.id === value ? t`Vinculado` : t`Vincular`}
              </Button>
            )}
          />
        )}
      </Modal>
    </Input.Wrapper>
  );
}
