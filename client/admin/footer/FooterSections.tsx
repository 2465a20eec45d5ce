import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CONTENT_MESSAGES, ZFooterSectionCreate } from '../../../shared/content.ts';
import { useTRPC } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { showFieldError } from '../common/server-errors.ts';
import { useContractForm } from '../common/useContractForm.ts';
import { nextSortOrder, useRefreshFooter } from './footer-queries.ts';
import { SectionCard } from './SectionCard.tsx';

/** Footer link sections (spec §3 "Footer section"): add by title, each with its links; removing one removes its links. */
export function FooterSections() {
  const trpc = useTRPC();
  const sections = useQuery(trpc.footer.sections.queryOptions());
  return (
    <SettingsSection
      title={<Trans>Seções e links</Trans>}
      description={<Trans>As colunas do rodapé. Um link sem URL aparece como texto simples.</Trans>}
    >
      {sections.isError && (
        <Alert color="red" role="alert">
          <Trans>Não foi possível carregar as seções.</Trans>
        </Alert>
      )}
      {sections.isPending ? (
        <Skeleton h={120} />
      ) : sections.data && sections.data.length > 0 ? (
        <Stack gap="sm">
          {sections.data.map((s, index) => (
            <SectionCard key={s.id} section={s} index={index} count={sections.data.length} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Nenhuma seção cadastrada.</Trans>
        </Text>
      )}
      <AddSectionForm sortOrder={nextSortOrder(sections.data)} />
    </SettingsSection>
  );
}

function AddSectionForm({ sortOrder }: { sortOrder: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefreshFooter();
  const form = useContractForm(ZFooterSectionCreate, { title: '' }, (v) =>
    v.title.trim() ? {} : { title: CONTENT_MESSAGES.sectionTitleRequired },
  );
  const create = useMutation(
    trpc.footer.createSection.mutationOptions({
      onSuccess: () => {
        notify.success(t`Seção adicionada`);
        form.reset();
        return refresh();
      },
      onError: (error) => {
        showFieldError(form, error);
        notify.error(t`Erro ao adicionar seção`);
      },
    }),
  );
  return (
    <form
      onSubmit={form.onSubmit((v) => create.mutate({ title: v.title.trim(), sort_order: sortOrder }))}
      noValidate
      aria-label={t`Nova seção`}
    >
      <Group align="flex-start" gap="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <TextInput
          label={t`Nova seção`}
          placeholder={t`Ex.: Ajuda`}
          maxLength={255}
          style={{ flex: 1, minWidth: 200 }}
          {...form.getInputProps('title')}
        />
        <Button type="submit" loading={create.isPending} mt={25}>
          <Trans>Adicionar seção</Trans>
        </Button>
      </Group>
    </form>
  );
}
