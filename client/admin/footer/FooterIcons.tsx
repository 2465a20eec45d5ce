import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Group, Image, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FooterIconDto } from '../../../shared/content.ts';
import { imageUrl } from '../../../shared/image-url.ts';
import { useTRPC } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { useConfirm } from '../common/useConfirm.tsx';
import { AddIconForm } from './AddIconForm.tsx';
import { nextSortOrder, useRefreshFooter } from './footer-queries.ts';

/** Payment icons (spec §3 "Footer icon"): add with an image, switch on and off, remove. Only active ones show in the shop. */
export function FooterIcons({ iconSize }: { iconSize: number }) {
  const trpc = useTRPC();
  const icons = useQuery(trpc.footer.icons.queryOptions());
  return (
    <SettingsSection
      title={<Trans>Ícones de pagamento</Trans>}
      description={<Trans>Aparecem na seção "payments" (Formas de pagamento) do rodapé. Só os ativos são mostrados.</Trans>}
    >
      {icons.isError && (
        <Alert color="red" role="alert">
          <Trans>Não foi possível carregar os ícones.</Trans>
        </Alert>
      )}
      {icons.isPending ? (
        <Skeleton h={60} />
      ) : icons.data && icons.data.length > 0 ? (
        <Stack gap="xs">
          {icons.data.map((icon) => (
            <IconRow key={icon.id} icon={icon} size={iconSize} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Nenhum ícone cadastrado.</Trans>
        </Text>
      )}
      <AddIconForm nextSortOrder={nextSortOrder(icons.data)} />
    </SettingsSection>
  );
}

function IconRow({ icon, size }: { icon: FooterIconDto; size: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefreshFooter();
  const confirm = useConfirm();
  const toggle = useMutation(
    trpc.footer.toggleIcon.mutationOptions({
      onSuccess: (saved) => {
        notify.success(saved.active ? t`Ícone ativado` : t`Ícone desativado`);
        return refresh();
      },
      onError: () => notify.error(t`Erro ao atualizar ícone`),
    }),
  );
  const remove = useMutation(
    trpc.footer.deleteIcon.mutationOptions({
      onSuccess: () => {
        notify.success(t`Ícone removido`);
        return refresh();
      },
      onError: () => notify.error(t`Erro ao remover`),
    }),
  );
  const alt = icon.alt_text;
  // Shows the chosen state while it is being saved; a failure puts the saved one back.
  const active = toggle.isPending ? toggle.variables.active === true : icon.active;
  return (
    <Paper withBorder radius="md" p="xs" data-testid={`footer-icon-${icon.id}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Image
            src={imageUrl(icon.image_url)}
            alt={alt}
            h={size}
            w={Math.round(size * 1.5)}
            fit="contain"
            style={{ flexShrink: 0, opacity: icon.active ? 1 : 0.45 }}
          />
          <Text size="sm" truncate>
            {alt}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Switch
            checked={active}
            disabled={toggle.isPending}
            onChange={(e) => toggle.mutate({ id: icon.id, active: e.currentTarget.checked })}
            label={active ? t`Ativo` : t`Inativo`}
            aria-label={t`Ativo: ${alt}`}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            loading={remove.isPending}
            aria-label={t`Remover ${alt}`}
            onClick={() =>
              confirm({
                question: t`Remover este ícone permanentemente?`,
                detail: alt,
                confirmLabel: t`Remover`,
                onConfirm: () => remove.mutate({ id: icon.id }),
              })
            }
          >
            ×
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
