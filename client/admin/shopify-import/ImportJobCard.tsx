import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ImportJobStatusDto } from '../../../shared/catalog-import.ts';
import { useTRPC } from '../../trpc.ts';
import { errorMessage } from '../common/server-errors.ts';

/**
 * The shop's import as it runs: images downloaded, then everything written at once, with a
 * progress bar and 'Cancelar importação' (nothing of a cancelled import is kept); then its outcome,
 * images that could not be used listed by product.
 */
export function ImportJobCard({ job, onRefresh }: { job: NonNullable<ImportJobStatusDto>; onRefresh: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const cancel = useMutation(trpc.catalogImport.cancel.mutationOptions({ onSettled: onRefresh }));
  const { progress, result } = job;
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid="import-job">
      <Stack gap="sm">
        {job.state === 'running' && (
          <>
            <Text size="sm" aria-live="polite">
              {progress.phase === 'images'
                ? t`Baixando imagens: ${progress.done} de ${progress.total}`
                : t`Gravando produtos: ${progress.done} de ${progress.total}`}
            </Text>
            <Progress value={percent} animated aria-label={t`Progresso da importação`} />
            <Group>
              <Button variant="default" color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>
                <Trans>Cancelar importação</Trans>
              </Button>
            </Group>
            {cancel.isError && <Alert color="red">{errorMessage(cancel.error)}</Alert>}
          </>
        )}
        {(job.state === 'cancelled' || job.state === 'failed') && (
          <Alert color={job.state === 'failed' ? 'red' : 'yellow'} role="alert">
            {job.error}
          </Alert>
        )}
        {job.state === 'done' && result && (
          <Alert color="green" title={t`Importação concluída`}>
            <Text size="sm">
              <Plural value={result.counts.create} one="# produto criado" other="# produtos criados" />
              {' · '}
              <Plural value={result.counts.update} one="# atualizado" other="# atualizados" />
              {' · '}
              <Plural value={result.counts.refuse} one="# recusado" other="# recusados" />
              {' · '}
              <Plural value={result.imagesAdded} one="# imagem" other="# imagens" />
            </Text>
          </Alert>
        )}
        {job.state === 'done' && result && result.imageFailures.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              <Trans>Imagens que não puderam ser usadas (o produto foi importado sem elas):</Trans>
            </Text>
            {result.imageFailures.slice(0, 50).map((f) => (
              <Text key={`${f.ref} ${f.url}`} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {f.ref}: {f.reason} ({f.url})
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
