import { Trans } from '@lingui/react/macro';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReviewImportResult } from '../../../shared/reviews.ts';

function Stat({ label, value, testId }: { label: React.ReactNode; value: number; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.2} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The result card (spec §8 "Import"): the server's message and stats. */
export function ImportResult({ result }: { result: ReviewImportResult }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      role="status"
      data-testid="import-result"
      style={{ borderColor: 'var(--mantine-color-green-7)', borderWidth: 2 }}
    >
      <Stack gap="md">
        <Title order={3} size="h4">
          {result.message}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Stat label={<Trans>Avaliações importadas</Trans>} value={result.stats.total_reviews} testId="stat-total-reviews" />
          <Stat label={<Trans>Produtos avaliados</Trans>} value={result.stats.total_products} testId="stat-total-products" />
          <Stat label={<Trans>Avaliações no CSV</Trans>} value={result.stats.reviews_in_csv} testId="stat-reviews-in-csv" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
