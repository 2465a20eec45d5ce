import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ShopifyProduct } from '../../../shared/shopify.ts';
import { ItemRow } from '../crud/ListState.tsx';
import { shopifyMoney } from './shopify-money.ts';

/** The shop's products as rows: image, title, price and compare-at price, availability and our linked product. */
export function ShopifyProductRows({ items, actions }: { items: ShopifyProduct[]; actions: (p: ShopifyProduct) => ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      {items.map((p) => (
        <ItemRow
          key={p.id}
          testId={`shopify-${p.id}`}
          leading={
            <Image
              src={p.image_url ?? undefined}
              fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
              alt=""
              w={56}
              h={56}
              radius="sm"
              fit="cover"
              bg="gray.1"
              style={{ flexShrink: 0 }}
            />
          }
          actions={actions(p)}
        >
          <Text fw={600} lineClamp={2} lh={1.3}>
            {p.title}
          </Text>
          <Group gap={6} wrap="wrap" mt={2}>
            {p.compare_at_price && (
              <Text size="sm" c="dimmed" td="line-through">
                {shopifyMoney(p.compare_at_price, p.currency)}
              </Text>
            )}
            {p.price && (
              <Text size="sm" fw={600}>
                {shopifyMoney(p.price, p.currency)}
              </Text>
            )}
            <Badge size="sm" variant="light" color={p.available ? 'green' : 'gray'}>
              {p.available ? t`Disponível` : t`Esgotado`}
            </Badge>
          </Group>
          {p.linked && (
            <Text size="xs" c="dimmed" mt={2} lineClamp={1}>
              {t`Vinculado a: ${p.linked.title}`}
            </Text>
          )}
        </ItemRow>
      ))}
    </>
  );
}
