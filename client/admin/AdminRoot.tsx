import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { theme } from '../theme.ts';
import { makeQueryClient, makeTrpcClient, TRPCProvider, useTRPC } from '../trpc.ts';
import { AdminApp } from './AdminApp.tsx';

function ThemedApp() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const settings = useQuery({ ...trpc.settings.admin.queryOptions(), enabled: !!me.data?.authenticated });
  const scheme = settings.data?.admin_theme === 'dark' ? 'dark' : 'light';
  return (
    <MantineProvider theme={theme} forceColorScheme={scheme}>
      <ModalsProvider>
        <Notifications position="bottom-right" />
        <BrowserRouter>
          <AdminApp />
        </BrowserRouter>
      </ModalsProvider>
    </MantineProvider>
  );
}

export function AdminRoot({ i18n }: { i18n: I18n }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <ThemedApp />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
