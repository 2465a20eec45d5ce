import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ShopifyProduct } from '../../../shared/shopify.ts';
import { errorMessage } from '../common/server-errors.ts';
import { ShopifyProductRows } from './ShopifyProductRows.tsx';
import { useShopifyProducts } from './useShopifyProducts.ts';

/**
 * The connected shop's products, searched and paged by Shopify: a search box, one page of rows
 * with the caller's buttons, and 'Anterior' / 'Próxima'. Shopify's refusals (a wrong token, a
 * throttled shop) are said as the server words them.
 */
export function ShopifyProductBrowser({
  actions,
  header,
  first,
}: {
  actions: (p: ShopifyProduct) => ReactNode;
  /** Drawn above the rows, with the page's products (e.g. 'Selecionar a página'). */
  header?: (items: ShopifyProduct[]) => ReactNode;
  first?: number;
}) {
  const { t } = useLingui();
  const list = useShopifyProducts(true, first);
  const { query } = list;
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label={t`Buscar na Shopify`}
        placeholder={t`Título do produto`}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        rightSection={query.isFetching ? <Loader size="xs" /> : null}
      />
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" role="alert" title={t`Não foi possível carregar os produtos da Shopify`}>
          {errorMessage(query.error)}
        </Alert>
      ) : list.items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            <Trans>Nenhum produto encontrado na Shopify</Trans>
          </Text>
        </Paper>
      ) : (
        <>
          {header?.(list.items)}
          <Stack gap="sm">
            <ShopifyProductRows items={list.items} actions={actions} />
          </Stack>
        </>
      )}
      {(list.hasPrevious || list.hasNext) && (
        <Group component="nav" aria-label={t`Páginas`} justify="center" gap="sm">
          <Button variant="default" size="xs" disabled={!list.hasPrevious || query.isFetching} onClick={list.previous}>
            <Trans>Anterior</Trans>
          </Button>
          <Text size="sm" c="dimmed">
            {t`Página ${list.page}`}
          </Text>
          <Button variant="default" size="xs" disabled={!list.hasNext || query.isFetching} onClick={list.next}>
            <Trans>Próxima</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
