import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FooterLinkDto } from '../../../shared/content.ts';
import { footerLabel } from '../../storefront/layout/footer-labels.ts';
import { useTRPC } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { useConfirm } from '../common/useConfirm.tsx';
import { useRefreshFooter } from './footer-queries.ts';
import { LinkFields, showLinkError, useLinkForm } from './LinkForm.tsx';

/** One link of a section: label and URL (or 'texto simples'), edited in place or removed after confirming. */
export function LinkRow({ link }: { link: FooterLinkDto }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const label = footerLabel(i18n, link.label);
  return (
    <div data-testid={`footer-link-${link.id}`} style={{ borderBottom: '1px solid var(--mantine-color-default-border)', paddingBottom: 6 }}>
      {editing ? (
        <EditLink link={link} onDone={() => setEditing(false)} />
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {link.url ? (
                <Anchor href={link.url} target="_blank" rel="noopener" size="xs" inherit>
                  {link.url}
                </Anchor>
              ) : (
                <Trans>texto simples, sem link</Trans>
              )}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Button variant="subtle" size="xs" onClick={() => setEditing(true)} aria-label={t`Editar ${label}`}>
              <Trans>Editar</Trans>
            </Button>
            <RemoveLink link={link} label={label} />
          </Group>
        </Group>
      )}
    </div>
  );
}

function RemoveLink({ link, label }: { link: FooterLinkDto; label: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefreshFooter();
  const confirm = useConfirm();
  const remove = useMutation(
    trpc.footer.deleteLink.mutationOptions({
      onSuccess: () => {
        notify.success(t`Link removido`);
        return refresh();
      },
      onError: () => notify.error(t`Erro ao remover`),
    }),
  );
  return (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      loading={remove.isPending}
      aria-label={t`Remover ${label}`}
      onClick={() =>
        confirm({
          question: t`Remover este link?`,
          detail: label,
          confirmLabel: t`Remover`,
          onConfirm: () => remove.mutate({ id: link.id }),
        })
      }
    >
      <Trans>Remover</Trans>
    </Button>
  );
}

function EditLink({ link, onDone }: { link: FooterLinkDto; onDone: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefreshFooter();
  const form = useLinkForm({ label: link.label, url: link.url });
  const update = useMutation(
    trpc.footer.updateLink.mutationOptions({
      onSuccess: async () => {
        notify.success(t`Link atualizado`);
        await refresh();
        onDone();
      },
      onError: (error) => {
        showLinkError(form, error);
        notify.error(t`Erro ao atualizar`);
      },
    }),
  );
  return (
    <form onSubmit={form.onSubmit((v) => update.mutate({ id: link.id, label: v.label.trim(), url: v.url.trim() }))} noValidate>
      <LinkFields
        form={form}
        saving={update.isPending}
        submitLabel={<Trans>Salvar</Trans>}
        onCancel={onDone}
        idPrefix={`link-${link.id}`}
      />
    </form>
  );
}
