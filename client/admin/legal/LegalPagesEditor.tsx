import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Code, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type LegalPageSlug, legalPath } from '../../../shared/legal-pages.ts';
import type { LegalPageAdminDto } from '../../../shared/legal-pages-api.ts';
import { LEGAL_PLACEHOLDERS } from '../../../shared/legal-text.ts';
import { useTRPC } from '../../trpc.ts';
import adminText from '../common/admin-text.module.css';
import { GrowingTextarea } from '../common/GrowingTextarea.tsx';
import { useNotify } from '../common/notify.ts';
import { errorMessage, serverFailure } from '../common/server-errors.ts';
import { useConfirm } from '../common/useConfirm.tsx';
import { useLegalTitles } from './legal-titles.ts';

/**
 * The three legal pages' texts: each starts as its template (filled with the company data at
 * render), may be edited and saved, and restored to the template.
 */
export function LegalPagesEditor() {
  const trpc = useTRPC();
  const titles = useLegalTitles();
  const pages = useQuery(trpc.legal.admin.queryOptions());
  const [tab, setTab] = useState<string | null>('trocas-e-devolucoes');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" maw={960}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            <Trans>Páginas legais</Trans>
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            <Trans>
              Modelos prontos, preenchidos com os dados acima e ligados no rodapé. Revise e adapte à sua loja: os modelos são um ponto de
              partida, não uma consultoria jurídica. Os textos ficam em português, a língua da lei e dos seus clientes.
            </Trans>
          </Text>
        </div>
        <PlaceholderHelp />
        {pages.data && (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              {pages.data.map((p) => (
                <Tabs.Tab key={p.slug} value={p.slug}>
                  {titles[p.slug]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {pages.data.map((p) => (
              <Tabs.Panel key={p.slug} value={p.slug} pt="md">
                <PageEditor page={p} title={titles[p.slug]} />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
        {pages.isError && (
          <Text c="red" role="alert">
            <Trans>Não foi possível carregar as páginas legais.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function PlaceholderHelp() {
  return (
    <Text size="sm">
      <Trans>Campos preenchidos automaticamente:</Trans>{' '}
      {Object.keys(LEGAL_PLACEHOLDERS).map((name, i) => (
        <span key={name}>
          {i > 0 && ' '}
          <Code>{`{${name}}`}</Code>
        </span>
      ))}
      . <Trans>Uma linha com um campo vazio não aparece. "## " começa um título e "- " um item de lista.</Trans>
    </Text>
  );
}

function PageEditor({ page, title }: { page: LegalPageAdminDto; title: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [text, setText] = useState(page.text);
  const [error, setError] = useState<string | null>(null);
  const onSaved = (saved: LegalPageAdminDto) => {
    queryClient.setQueryData(trpc.legal.admin.queryKey(), (old) => old?.map((p) => (p.slug === saved.slug ? saved : p)));
    setText(saved.text);
    setError(null);
  };
  const save = useMutation(
    trpc.legal.update.mutationOptions({
      onSuccess: (saved) => {
        onSaved(saved);
        notify.success(t`Página salva`);
      },
      onError: (e) => {
        setError(serverFailure(e).message ?? errorMessage(e));
        notify.error({ title: t`Erro ao salvar`, message: errorMessage(e) });
      },
    }),
  );
  const restore = useMutation(
    trpc.legal.restore.mutationOptions({
      onSuccess: (saved) => {
        onSaved(saved);
        notify.success(t`Modelo restaurado`);
      },
      onError: (e) => notify.error({ title: t`Erro`, message: errorMessage(e) }),
    }),
  );
  const slug: LegalPageSlug = page.slug;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        {page.customized ? (
          <Badge color="orange" variant="light">
            <Trans>Texto personalizado</Trans>
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            <Trans>Modelo</Trans>
          </Badge>
        )}
        <Button component="a" href={legalPath(slug)} target="_blank" rel="noopener" variant="subtle" size="xs">
          <Trans>Ver página</Trans>
        </Button>
      </Group>
      <GrowingTextarea
        label={t`Texto da página ${title}`}
        minRows={10}
        maxRows={24}
        value={text}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
        inputStyle={{ fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 }}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={!page.customized && text === page.template}
          loading={restore.isPending}
          onClick={() =>
            confirm({
              question: t`Restaurar o modelo?`,
              detail: t`O texto desta página volta ao modelo e as suas alterações são perdidas.`,
              confirmLabel: t`Restaurar modelo`,
              onConfirm: () => restore.mutate({ slug }),
            })
          }
        >
          <Trans>Restaurar modelo</Trans>
        </Button>
        <Button onClick={() => save.mutate({ slug, text })} loading={save.isPending} disabled={text === page.text}>
          <Trans>Salvar página</Trans>
        </Button>
      </Group>
      {page.customized && (
        <Text size="xs" className={adminText.warning}>
          <Trans>Esta página usa o seu texto: melhorias futuras do modelo não chegam a ela.</Trans>
        </Text>
      )}
    </Stack>
  );
}
