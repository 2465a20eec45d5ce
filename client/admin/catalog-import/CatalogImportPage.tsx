import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, FileInput, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CSV_IMPORT_MAX_MB, type CsvDryRun, type ImportJobStatusDto } from '../../../shared/catalog-import.ts';
import { useTRPC } from '../../trpc.ts';
import { DryRunTable } from './DryRunTable.tsx';
import { uploadCsv } from './upload-csv.ts';

/** The running (or last) import: a progress bar with 'Cancelar', then its outcome. */
function JobCard({ job, onCancel, cancelling }: { job: NonNullable<ImportJobStatusDto>; onCancel: () => void; cancelling: boolean }) {
  const { t } = useLingui();
  const { phase, done, total } = job.progress;
  if (job.state === 'running') {
    const percent = total > 0 ? Math.round((done / total) * 100) : 0;
    return (
      <Stack gap={6} aria-live="polite">
        <Text size="sm" fw={500}>
          {phase === 'images' ? t`Baixando imagens: ${done} de ${total}` : t`Gravando produtos: ${done} de ${total}`}
        </Text>
        <Progress value={phase === 'images' ? percent : 100} animated={phase === 'saving'} aria-label={t`Progresso da importação`} />
        <Text size="xs" c="dimmed">
          <Trans>Nada muda no catálogo até o fim: se cancelar ou algo falhar, ele fica como estava.</Trans>
        </Text>
        <Group>
          <Button variant="default" color="red" onClick={onCancel} loading={cancelling}>
            <Trans>Cancelar importação</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  if (job.state !== 'done' || !job.result)
    return (
      <Alert color={job.state === 'cancelled' ? 'yellow' : 'red'} title={t`Importação não concluída`} role="alert">
        {job.error}
      </Alert>
    );
  const { counts, imagesAdded, imageFailures, newCollections } = job.result;
  return (
    <Alert color="green" title={t`Importação concluída`} role="status">
      <Stack gap={4}>
        <Text size="sm">
          {t`${counts.create} criado(s), ${counts.update} atualizado(s), ${counts.unchanged} sem mudança, ${counts.refuse} recusado(s); ${imagesAdded} imagem(ns) adicionada(s).`}
        </Text>
        {newCollections.length > 0 && <Text size="sm">{t`Coleções criadas: ${newCollections.join(', ')}`}</Text>}
        {imageFailures.length > 0 && (
          <>
            <Text size="sm" fw={500}>{t`Imagens não importadas (os produtos foram importados sem elas):`}</Text>
            <List size="sm" spacing={2}>
              {imageFailures.slice(0, 20).map((f) => (
                <List.Item key={`${f.ref}-${f.url}`} style={{ wordBreak: 'break-all' }}>
                  {t`Linha ${f.line ?? '—'}: ${f.reason} (${f.url})`}
                </List.Item>
              ))}
            </List>
            {imageFailures.length > 20 && <Text size="xs">{t`e mais ${imageFailures.length - 20}.`}</Text>}
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** Admin section 'Importar / Exportar': the catalogue as a Shopify-format CSV, out and in (with a dry run first). */
export function CatalogImportPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checking, setChecking] = useState(false);
  const [run, setRun] = useState<CsvDryRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = useQuery({
    ...trpc.catalogImport.status.queryOptions(),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
  });
  const job = status.data ?? null;
  const running = job?.state === 'running';
  const start = useMutation(
    trpc.catalogImport.start.mutationOptions({
      onSuccess: async (s) => {
        setRun(null);
        setFile(null);
        queryClient.setQueryData(trpc.catalogImport.status.queryKey(), s);
        await queryClient.invalidateQueries(trpc.catalogImport.status.queryFilter());
      },
      onError: (e) => setError(e.message),
    }),
  );
  const cancel = useMutation(
    trpc.catalogImport.cancel.mutationOptions({ onSettled: () => queryClient.invalidateQueries(trpc.catalogImport.status.queryFilter()) }),
  );

  const check = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setRun(null);
    if (!file) return setError(t`Selecione um arquivo .csv`);
    if (file.size > CSV_IMPORT_MAX_MB * 1024 * 1024) return setError(t`Arquivo muito grande (máx ${CSV_IMPORT_MAX_MB}MB)`);
    setChecking(true);
    try {
      setRun(await uploadCsv(file, t`Não foi possível verificar o arquivo.`));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setChecking(false);
    }
  };
  const applicable = run ? run.counts.create + run.counts.update : 0;

  return (
    <Stack>
      <Title order={2}>
        <Trans>Importar / Exportar</Trans>
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            <Trans>Exportar CSV</Trans>
          </Title>
          <Text size="sm">
            <Trans>
              Todos os produtos num arquivo .csv no formato de produtos da Shopify (título, endereço, descrição, preços, imagens e coleção).
              Serve para abrir numa planilha, levar para outra loja ou importar aqui de novo.
            </Trans>
          </Text>
          <Group>
            <Button component="a" href="/admin-api/catalog/export.csv" download variant="default">
              <Trans>Exportar CSV</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={check}>
          <Stack gap="sm">
            <Title order={3} size="h4">
              <Trans>Importar CSV</Trans>
            </Title>
            <Text size="sm">
              <Trans>
                Aceita o CSV de produtos exportado pela Shopify (formato atual ou antigo), separado por vírgula ou ponto e vírgula, em UTF-8
                ou Windows-1252. Produtos com o mesmo endereço (URL handle) são atualizados; os outros, criados. Primeiro você vê o que vai
                mudar; nada é gravado até clicar em Importar.
              </Trans>
            </Text>
            <FileInput
              label={t`Arquivo CSV`}
              description={t`Até ${CSV_IMPORT_MAX_MB}MB`}
              placeholder={t`Escolher arquivo .csv`}
              accept=".csv,text/csv"
              value={file}
              onChange={(f) => {
                setFile(f);
                setRun(null);
                setError(null);
              }}
              disabled={checking || running}
              clearable
              clearButtonProps={{ 'aria-label': t`Remover arquivo` }}
            />
            {error && (
              <Alert color="red" title={t`Arquivo não importado`} role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={checking} disabled={running}>
                <Trans>Verificar arquivo</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {run && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t`Verificação de ${run.fileName}`}
            </Title>
            <Group gap="xs">
              <Badge color="teal.9" variant="filled">{t`${run.counts.create} a criar`}</Badge>
              <Badge color="blue.9" variant="filled">{t`${run.counts.update} a atualizar`}</Badge>
              <Badge color="gray.7" variant="filled">{t`${run.counts.unchanged} sem mudança`}</Badge>
              <Badge color="red.9" variant="filled">{t`${run.counts.refuse} recusado(s)`}</Badge>
              <Badge color="violet.9" variant="filled">{t`${run.images} imagem(ns) a baixar`}</Badge>
            </Group>
            {run.newCollections.length > 0 && <Text size="sm">{t`Coleções que serão criadas: ${run.newCollections.join(', ')}`}</Text>}
            <DryRunTable run={run} />
            <Group>
              <Button
                onClick={() => start.mutate({ draftId: run.draftId })}
                loading={start.isPending}
                disabled={applicable === 0 || running}
              >
                {t`Importar ${applicable} produto(s)`}
              </Button>
              {run.counts.refuse > 0 && (
                <Text size="sm" c="dimmed">
                  <Trans>Os recusados ficam de fora; corrija-os no arquivo e importe de novo.</Trans>
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
      {job && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {job.label}
            </Title>
            <JobCard job={job} onCancel={() => cancel.mutate()} cancelling={cancel.isPending} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
