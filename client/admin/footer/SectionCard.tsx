import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FooterSectionDto } from '../../../shared/content.ts';
import { footerLabel } from '../../storefront/layout/footer-labels.ts';
import { useTRPC } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { useConfirm } from '../common/useConfirm.tsx';
import { MoveButtons } from '../crud/RowActions.tsx';
import { nextSortOrder, useRefreshFooter } from './footer-queries.ts';
import { LinkFields, showLinkError, useLinkForm } from './LinkForm.tsx';
import { LinkRow } from './LinkRow.tsx';

/** The section that shows the payment icons instead of links (see the storefront footer). */
const PAYMENTS = 'payments';

/**
 * One footer column: its title (as the shop shows it), its links, a form for a new link, moves one
 * place up or down (`index` of `count`; the server moves it in its own order and answers the new
 * one), and removal.
 */
export function SectionCard({ section, index, count }: { section: FooterSectionDto; index: number; count: number }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefreshFooter();
  const confirm = useConfirm();
  const shown = footerLabel(i18n, section.title);
  const form = useLinkForm();
  const queryClient = useQueryClient();
  const move = useMutation(
    trpc.footer.moveSection.mutationOptions({
      onSuccess: (ordered) => {
        queryClient.setQueryData(trpc.footer.sections.queryKey(), ordered);
        notify.success(t`Ordem atualizada`);
        return refresh();
      },
      onError: () => {
        notify.error(t`Erro ao reordenar`);
        return refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.footer.deleteSection.mutationOptions({
      onSuccess: () => {
        notify.success(t`Seção removida`);
        return refresh();
      },
      onError: () => notify.error(t`Erro ao remover`),
    }),
  );
  const create = useMutation(
    trpc.footer.createLink.mutationOptions({
      onSuccess: () => {
        notify.success(t`Link adicionado`);
        form.reset();
        return refresh();
      },
      onError: (error) => {
        showLinkError(form, error);
        notify.error(t`Erro ao adicionar link`);
      },
    }),
  );
  const add = form.onSubmit((v) =>
    create.mutate({ section_id: section.id, label: v.label.trim(), url: v.url.trim(), sort_order: nextSortOrder(section.links) }),
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`footer-section-${section.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{shown}</Text>
            {shown !== section.title && (
              <Text size="xs" c="dimmed">
                {section.title}
              </Text>
            )}
          </div>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <MoveButtons
              name={shown}
              index={index}
              count={count}
              disabled={move.isPending}
              onMove={(from, to) => move.mutate({ id: section.id, direction: to < from ? 'up' : 'down' })}
            />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              style={{ flexShrink: 0 }}
              loading={remove.isPending}
              aria-label={t`Remover seção ${shown}`}
              onClick={() =>
                confirm({
                  question: t`Remover esta seção e todos os seus links?`,
                  detail: shown,
                  confirmLabel: t`Remover`,
                  onConfirm: () => remove.mutate({ id: section.id }),
                })
              }
            >
              <Trans>Remover seção</Trans>
            </Button>
          </Group>
        </Group>
        {section.title === PAYMENTS ? (
          <Text size="sm" c="dimmed">
            <Trans>Esta seção mostra os ícones de pagamento acima, no lugar de links.</Trans>
          </Text>
        ) : (
          <>
            {section.links.map((link) => (
              <LinkRow key={link.id} link={link} />
            ))}
            <form onSubmit={add} noValidate aria-label={t`Novo link em ${shown}`}>
              <LinkFields
                form={form}
                saving={create.isPending}
                submitLabel={<Trans>Adicionar link</Trans>}
                idPrefix={`new-link-${section.id}`}
              />
            </form>
          </>
        )}
      </Stack>
    </Paper>
  );
}
