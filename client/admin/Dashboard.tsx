import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../trpc.ts';

/** Dashboard: the real counts of products, collections, banners and reviews, each a link to its section. */
export function Dashboard() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const counts = useQuery(trpc.dashboard.counts.queryOptions());
  const cards = [
    { key: 'products', label: t`Produtos`, to: '/admin/produtos', action: t`Gerenciar produtos`, value: counts.data?.products },
    { key: 'collections', label: t`Coleções`, to: '/admin/colecoes', action: t`Gerenciar coleções`, value: counts.data?.collections },
    { key: 'banners', label: t`Banners`, to: '/admin/banners', action: t`Gerenciar banners`, value: counts.data?.banners },
    { key: 'reviews', label: t`Avaliações`, to: '/admin/avaliacoes', action: t`Importar avaliações`, value: counts.data?.reviews },
  ];
  return (
    <>
      <Title order={2} mb="lg">
        <Trans>Dashboard</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {cards.map((c) => (
          <Card
            key={c.key}
            component={Link}
            to={c.to}
            withBorder
            radius="lg"
            padding="lg"
            data-testid={`count-${c.key}`}
            style={{ textDecoration: 'none' }}
          >
            <Text size="sm" c="dimmed" fw={500}>
              {c.label}
            </Text>
            {c.value === undefined ? (
              counts.isError ? (
                <Text fz={36} fw={800} lh={1.2} mt="xs">
                  —
                </Text>
              ) : (
                <Skeleton h={43} mt="xs" w={60} />
              )
            ) : (
              <Text fz={36} fw={800} lh={1.2} mt="xs">
                {/* In the admin's language, as the lists count them ('23.000 produtos'). */}
                {i18n.number(c.value)}
              </Text>
            )}
            <Group gap={4} mt="sm">
              <Text size="sm" fw={600} c="var(--mantine-color-anchor)">
                {c.action} →
              </Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
