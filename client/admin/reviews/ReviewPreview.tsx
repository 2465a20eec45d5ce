import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, List, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { LIMITS } from '../../../shared/limits.ts';
import type { ReviewImportPreview } from '../../../shared/reviews.ts';

function Fact({ label, value, testId }: { label: React.ReactNode; value: React.ReactNode; testId: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      <Text span fw={700} data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useLingui();
  return (
    <Text span style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(5 - rating)}</span>
      <VisuallyHidden>{t`${rating} de 5 estrelas`}</VisuallyHidden>
    </Text>
  );
}

/**
 * What the import will really do with the file's distinct reviews (the server's per_product, from
 * the distribution rule itself): 'de 4 a 7' only when there are enough for every product.
 */
function SharePromise({ preview }: { preview: ReviewImportPreview }) {
  const { min, max } = preview.per_product;
  const rows = preview.distinct_rows;
  const products = preview.products;
  const needed = LIMITS.reviewsPerProduct.min * products;
  const without = min === 0 ? products - rows : 0;
  return (
    <Alert color={min >= LIMITS.reviewsPerProduct.min ? 'teal' : 'yellow'} variant="light" data-testid="preview-share">
      <Text size="sm" fw={600}>
        {min === max ? (
          <Plural value={min} one="Cada produto receberá # avaliação." other="Cada produto receberá # avaliações." />
        ) : (
          <Trans>
            Cada produto receberá de {min} a {max} avaliações.
          </Trans>
        )}
      </Text>
      {without > 0 && (
        <Text size="sm">
          <Plural value={without} one="# produto ficará sem avaliação." other="# produtos ficarão sem avaliação." />
        </Text>
      )}
      {min < LIMITS.reviewsPerProduct.min && (
        <Text size="sm">
          <Trans>
            Para que cada produto receba de 4 a 7, o arquivo precisa de pelo menos {needed} avaliações diferentes (tem {rows}).
          </Trans>
        </Text>
      )}
    </Alert>
  );
}

/**
 * How the server read the chosen file, before anything is written: separator, encoding, counts,
 * the first rows as they will become reviews, and the rows the import would refuse.
 */
export function ReviewPreview({ preview }: { preview: ReviewImportPreview }) {
  const { t } = useLingui();
  const separator = preview.separator === ';' ? t`ponto e vírgula (;)` : t`vírgula (,)`;
  const encoding = preview.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252';
  const repeated = preview.valid_rows - preview.distinct_rows;
  const hidden = preview.error_count - preview.errors.length;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="preview-title" data-testid="review-preview">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="preview-title">
            <Trans>Pré-visualização</Trans>
          </Title>
          {preview.error_count === 0 ? (
            <Badge color="teal.9" variant="filled">
              <Trans>Pronto para importar</Trans>
            </Badge>
          ) : (
            <Badge color="red.9" variant="filled">
              <Trans>Corrija o arquivo</Trans>
            </Badge>
          )}
        </Group>
        <Group gap="lg" style={{ rowGap: 4 }}>
          <Fact label={<Trans>Separador</Trans>} value={separator} testId="preview-separator" />
          <Fact label={<Trans>Codificação</Trans>} value={encoding} testId="preview-encoding" />
          <Fact label={<Trans>Avaliações no arquivo</Trans>} value={preview.total_rows} testId="preview-total" />
          {repeated > 0 && <Fact label={<Trans>Repetidas (usadas uma vez)</Trans>} value={repeated} testId="preview-repeated" />}
          <Fact label={<Trans>Produtos na loja</Trans>} value={preview.products} testId="preview-products" />
        </Group>
        {preview.products > 0 && preview.distinct_rows > 0 && <SharePromise preview={preview} />}
        {preview.products === 0 && (
          <Alert color="yellow" variant="light">
            <Trans>Cadastre produtos antes de importar avaliações</Trans>
          </Alert>
        )}
        {preview.error_count > 0 && (
          <Alert color="red" variant="light" title={t`Linhas com problema: ${preview.error_count}. Nada será importado deste arquivo.`}>
            <List size="sm" spacing={2} data-testid="preview-errors">
              {preview.errors.map((e) => (
                <List.Item key={e.line}>{e.message}</List.Item>
              ))}
            </List>
            {hidden > 0 && (
              <Text size="sm" mt={4}>
                <Trans>… e mais {hidden}.</Trans>
              </Text>
            )}
          </Alert>
        )}
        {preview.rows.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              <Trans>Primeiras linhas, como serão importadas:</Trans>
            </Text>
            <Table.ScrollContainer minWidth={560} visibleFrom="sm">
              <Table striped verticalSpacing="xs" data-testid="preview-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Linha</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Nome</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Avaliação</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Estrelas</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Cidade</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>{r.reviewer_name}</Table.Td>
                      <Table.Td>{r.review_text}</Table.Td>
                      <Table.Td>
                        <Stars rating={r.rating} />
                      </Table.Td>
                      <Table.Td>{r.reviewer_city}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Stack gap="xs" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="preview-cards">
              {preview.rows.map((r) => (
                <Paper key={r.line} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {r.reviewer_name}
                    </Text>
                    <Stars rating={r.rating} />
                  </Group>
                  <Text size="sm">{r.review_text}</Text>
                  <Text size="xs" c="dimmed">
                    <Trans>
                      Linha {r.line} · {r.reviewer_city}
                    </Trans>
                  </Text>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
