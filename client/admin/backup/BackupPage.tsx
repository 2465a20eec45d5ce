import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, FileInput, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RestoreResult } from '../../../shared/backup.ts';
import { useTRPC } from '../../trpc.ts';
import { type UploadProgress, uploadArchive } from './upload-archive.ts';

type RestoreState =
  | { step: 'idle' }
  | { step: 'sending'; progress: UploadProgress }
  | { step: 'done'; result: RestoreResult }
  | { step: 'failed'; message: string };

/** 'Restaurar backup': only for an empty shop; upload with a progress bar, then the result. */
function RestoreCard({ empty }: { empty: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<RestoreState>({ step: 'idle' });
  const busy = state.step === 'sending';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return setState({ step: 'failed', message: t`Selecione um arquivo de backup (.tar.gz)` });
    setState({ step: 'sending', progress: { sent: 0, done: false } });
    try {
      const result = await uploadArchive(file, (progress) => setState({ step: 'sending', progress }), t`Falha ao restaurar o backup.`);
      setState({ step: 'done', result });
      await queryClient.invalidateQueries();
    } catch (err) {
      setState({ step: 'failed', message: (err as Error).message });
    }
  };

  if (!empty && state.step !== 'done') {
    return (
      <Alert color="gray">
        <Trans>
          A restauração pelo painel só é possível numa loja vazia (sem produtos, coleções, banners nem outro conteúdo). Para substituir o
          conteúdo atual, use na linha de comando: npm run restore -- arquivo.tar.gz --force
        </Trans>
      </Alert>
    );
  }
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            Traz de volta uma loja inteira a partir de um arquivo baixado aqui ou gerado com npm run backup. O arquivo é conferido por
            completo antes de qualquer mudança: ou tudo é restaurado, ou nada muda.
          </Trans>
        </Text>
        <FileInput
          label={t`Arquivo de backup`}
          placeholder={t`Escolher arquivo .tar.gz`}
          accept=".tar.gz,.tgz,application/gzip"
          value={file}
          onChange={(f) => {
            setFile(f);
            setState({ step: 'idle' });
          }}
          disabled={busy}
          clearable
        />
        {state.step === 'sending' && (
          <Stack gap={4} aria-live="polite">
            <Progress value={Math.round(state.progress.sent * 100)} animated={state.progress.done} aria-label={t`Progresso do envio`} />
            <Group gap="xs">
              {state.progress.done && <Loader size="xs" />}
              <Text size="sm">
                {state.progress.done
                  ? t`Arquivo enviado. Conferindo e restaurando…`
                  : t`Enviando arquivo… ${Math.round(state.progress.sent * 100)}%`}
              </Text>
            </Group>
          </Stack>
        )}
        {state.step === 'done' && (
          <Alert color="green" title={t`Backup restaurado`} role="status">
            {t`Foram restaurados ${state.result.rows} registros e ${state.result.files} arquivos de imagem.`}
          </Alert>
        )}
        {state.step === 'failed' && (
          <Alert color="red" title={t`Backup não restaurado`} role="alert">
            {state.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={state.step === 'done'}>
            <Trans>Restaurar backup</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Admin section 'Backup': download the whole shop as one archive; restore one into an empty shop. */
export function BackupPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const status = useQuery(trpc.backup.status.queryOptions());
  return (
    <Stack>
      <Title order={2}>
        <Trans>Backup</Trans>
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            <Trans>Baixar backup</Trans>
          </Title>
          <Text size="sm">
            <Trans>
              Um único arquivo .tar.gz com todo o conteúdo da loja (produtos, coleções, banners, avaliações, footer e configurações) e todas
              as imagens. Não inclui usuários, senhas nem sessões.
            </Trans>
          </Text>
          <Group>
            <Button component="a" href="/admin-api/backup" download>
              <Trans>Baixar backup</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            <Trans>Restaurar backup</Trans>
          </Title>
          {status.isPending ? <Loader size="sm" aria-label={t`Carregando`} /> : <RestoreCard empty={status.data?.empty === true} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
