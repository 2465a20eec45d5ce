import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type DehydratedState, hydrate, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { cssVariablesResolver, theme } from '../theme.ts';
import { makeQueryClient, makeTrpcClient, TRPCProvider, useTRPC } from '../trpc.ts';
import { AdminApp } from './AdminApp.tsx';
import toasts from './common/toasts.module.css';
import { adminLink } from './trpc-link.ts';

type Scheme = 'dark' | 'light';
const STORAGE_KEY = 'admin_theme';

/** The theme this browser last saw saved (kept for the login of a locked store, whose public settings are few). */
function storedScheme(): Scheme | undefined {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : undefined;
  } catch {
    return undefined; // storage disabled
  }
}
function rememberScheme(scheme: Scheme): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, scheme);
  } catch {}
}

/**
 * The saved admin_theme (spec §4: "the initial theme comes from settings"), for the login screen
 * too: signed in it comes from the admin settings; signed out from the public settings, which
 * already carry it (a display preference, harmless to show). A locked store's public settings
 * leave it out, so the last value this browser saw, kept in localStorage, fills in.
 */
function useSavedScheme(): Scheme {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const signedIn = !!me.data?.authenticated;
  const admin = useQuery({ ...trpc.settings.admin.queryOptions(), enabled: signedIn });
  const visitor = useQuery({ ...trpc.settings.get.queryOptions(), enabled: me.isSuccess && !signedIn });
  const fromVisitor = visitor.data && 'admin_theme' in visitor.data ? visitor.data.admin_theme : undefined;
  const saved = signedIn ? admin.data?.admin_theme : fromVisitor;
  const [stored] = useState(storedScheme);
  useEffect(() => {
    if (saved) rememberScheme(saved);
  }, [saved]);
  return saved ?? stored ?? 'light';
}

function ThemedApp() {
  const scheme = useSavedScheme();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={scheme}>
      <ModalsProvider>
        <Notifications position="top-right" classNames={toasts} />
        <BrowserRouter>
          <AdminApp />
        </BrowserRouter>
      </ModalsProvider>
    </MantineProvider>
  );
}

/**
 * The shell's state (server/ssr/routes.ts): who is signed in, as of the page's request. Counted as
 * fetched now, as the storefront does with its pages.
 */
function shellQueryClient() {
  // An owner works in several tabs, or two people share the panel: a tab brought back to the
  // front reads its screen again, whatever was saved elsewhere meanwhile (forms keep unsaved edits:
  // they take the data once, useSettingsForm / useCrudForm).
  const queryClient = makeQueryClient({ refetchOnWindowFocus: 'always' });
  const text = document.getElementById('__STATE__')?.textContent;
  if (text) {
    const state = JSON.parse(text) as DehydratedState;
    const now = Date.now();
    for (const q of state.queries) q.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
  }
  return queryClient;
}

export function AdminRoot({ i18n }: { i18n: I18n }) {
  const [queryClient] = useState(shellQueryClient);
  const [trpcClient] = useState(() => makeTrpcClient(adminLink()));
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
