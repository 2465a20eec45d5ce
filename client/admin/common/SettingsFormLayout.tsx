import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Center, Grid, Loader, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import adminText from './admin-text.module.css';
import { FormSaveBar } from './FormSaveBar.tsx';

export type SettingsFormLayoutProps = {
  title: ReactNode;
  /** From useSettingsForm: loading, load failure, saving and the form-level server message. */
  state: { ready: boolean; loadFailed: boolean; saving: boolean; formError: string | null };
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** A live preview: beside the form on wide screens (kept in view), above it on phones. */
  preview?: ReactNode;
  /** Parts of the page outside the form (lists with their own actions), shown after it. */
  after?: ReactNode;
  children: ReactNode;
};

/** The frame of a settings section: title, spinner until the saved values arrive, the form and its save bar. */
export function SettingsFormLayout({ title, state, onSubmit, preview, after, children }: SettingsFormLayoutProps) {
  const { t } = useLingui();
  const body = (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {children}
        <FormSaveBar saving={state.saving} error={state.formError} />
      </Stack>
    </form>
  );
  return (
    <Stack maw={preview ? 1280 : 960} className={adminText.scope}>
      <Title order={2}>{title}</Title>
      {state.loadFailed && (
        <Alert color="red" role="alert">
          <Trans>Não foi possível carregar as configurações.</Trans>
        </Alert>
      )}
      {!state.ready ? (
        !state.loadFailed && (
          <Center py="xl">
            <Loader aria-label={t`Carregando...`} />
          </Center>
        )
      ) : preview ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Box pos={{ base: 'static', md: 'sticky' }} top={76}>
              {preview}
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            {body}
          </Grid.Col>
        </Grid>
      ) : (
        body
      )}
      {state.ready && after}
    </Stack>
  );
}
