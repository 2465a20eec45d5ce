import { Trans } from '@lingui/react/macro';
import { Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc.ts';

/** Dashboard: real counts of products, collections and banners (spec §2). */
export function Dashboard() {
  const trpc = useTRPC();
  const counts = useQuery(trpc.dashboard.counts.queryOptions());
  const cards = [
    { key: 'products', label: <Trans>Produtos</Trans>, value: counts.data?.products },
    { key: 'collections', label: <Trans>Coleções</Trans>, value: counts.data?.collections },
    { key: 'banners', label: <Trans>Banners</Trans>, value: counts.data?.banners },
  ];
  return (
    <>
      <Title order={2} mb="lg">
        <Trans>Dashboard</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {cards.map((c) => (
          <Card key={c.key} withBorder radius="lg" padding="lg" data-testid={`count-${c.key}`}>
            <Text size="sm" c="dimmed" fw={500}>
              {c.label}
            </Text>
            {c.value === undefined ? (
              <Skeleton h={36} mt="xs" w={60} />
            ) : (
              <Text fz={36} fw={800} lh={1.2} mt="xs">
                {c.value}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
