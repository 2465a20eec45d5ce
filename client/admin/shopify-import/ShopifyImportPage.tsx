import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { useTRPC } from '../../trpc.ts';
import { NotConnected } from './NotConnected.tsx';
import { PriceResyncCard } from './PriceResyncCard.tsx';
import { ShopifyImportPanel } from './ShopifyImportPanel.tsx';

/** 'Importar da Shopify': the price re-sync, then the connected shop's products to choose and import. */
export function ShopifyImportPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const status = useQuery(trpc.shopify.status.queryOptions());
  const settings = useQuery(trpc.settings.admin.queryOptions());
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={2}>{t`Importar da Shopify`}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {status.data?.connected ? (
            <Trans>Os produtos da loja {status.data.domain}, como a Storefront API os mostra.</Trans>
          ) : (
            <Trans>Os produtos da sua loja Shopify, para vincular e importar.</Trans>
          )}
        </Text>
      </div>
      {status.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : !status.data?.connected ? (
        <NotConnected />
      ) : (
        <>
          <PriceResyncCard currency={(settings.data?.currency ?? 'BRL') as CurrencyCode} />
          <ShopifyImportPanel />
        </>
      )}
    </Stack>
  );
}
