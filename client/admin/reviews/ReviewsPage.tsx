import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, FileInput, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc.ts';
import { FormatHelp } from './FormatHelp.tsx';
import { ImportResult } from './ImportResult.tsx';
import { ReviewPreview } from './ReviewPreview.tsx';

/** The server's own text for a refused request (ours, in Portuguese), else the given fallback. */
const serverText = (e: { message: string; data?: unknown } | null, fallback: string) => (e?.data ? e.message : fallback);

const csvForm = (file: File, clearExisting: boolean) => {
  const form = new FormData();
  form.append('csv', file);
  form.append('clear_existing', clearExisting ? '1' : '0');
  return form;
};

/**
 * Admin section 'Avaliações' (spec §2, §4, §8): choose a CSV, see how the server reads it
 * (reviews.preview, nothing written), then import it; states idle, importing and done.
 */
export function ReviewsPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [clearExisting, setClearExisting] = useState(false);
  const [missing, setMissing] = useState(false);
  const preview = useMutation(trpc.reviews.preview.mutationOptions());
  const importing = useMutation(
    trpc.reviews.import.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.counts.queryKey() }),
    }),
  );

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setMissing(false);
    importing.reset();
    if (chosen) preview.mutate(csvForm(chosen, false));
    else preview.reset();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return setMissing(true);
    importing.mutate(csvForm(file, clearExisting));
  };

  // The file as a whole refused (no .csv, bad header...): the preview's message sits under the chooser.
  const fileError = missing ? t`Selecione um arquivo CSV` : preview.isError ? serverText(preview.error, t`Erro ao importar`) : null;
  const blocked = preview.isPending || preview.isError || (preview.data?.error_count ?? 0) > 0;
  return (
    <Stack>
      <Title order={2}>
        <Trans>Avaliações</Trans>
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }} order={1}>
          <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm" c="dimmed">
                <Trans>Importe avaliações de um arquivo CSV: elas são distribuídas entre os produtos da loja.</Trans>
              </Text>
              <FileInput
                label={t`Arquivo CSV`}
                placeholder={t`Escolher arquivo .csv`}
                accept=".csv,text/csv"
                value={file}
                onChange={choose}
                clearable
                clearButtonProps={{ 'aria-label': t`Remover arquivo` }}
                withAsterisk
                error={fileError}
                disabled={importing.isPending}
                rightSection={preview.isPending ? <Loader size="xs" /> : undefined}
              />
              <Checkbox
                label={t`Limpar avaliações existentes antes de importar`}
                checked={clearExisting}
                onChange={(e) => setClearExisting(e.currentTarget.checked)}
                disabled={importing.isPending}
              />
              <Group>
                <Button type="submit" loading={importing.isPending} disabled={!!file && blocked}>
                  <Trans>Importar Avaliações</Trans>
                </Button>
                {importing.isPending && (
                  <Text size="sm" c="dimmed" role="status">
                    <Trans>Importando...</Trans>
                  </Text>
                )}
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        {/* What happened to the file: right under the form on a phone, below form and help on a wide screen. */}
        <Grid.Col span={12} order={{ base: 2, md: 3 }}>
          <Stack>
            {importing.isError && (
              <Alert color="red" variant="light" role="alert" title={t`Erro`}>
                {serverText(importing.error, t`Erro ao importar`)}
              </Alert>
            )}
            {importing.isSuccess && <ImportResult result={importing.data} />}
            {preview.data && !importing.isSuccess && <ReviewPreview preview={preview.data} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 3, md: 2 }}>
          <FormatHelp />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
