import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type DehydratedState, HydrationBoundary, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TRPCProvider, type Trpc, type TrpcClient } from '../trpc.ts';
import { StorefrontApp } from './App.tsx';
import { SettingsProvider } from './common/settings-context.tsx';

type Props = {
  i18n: I18n;
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** The server render's options proxy (server/ssr/render-scope.ts); the browser makes its own. */
  trpc?: Trpc;
  state: DehydratedState | undefined;
  /** The router (router.tsx), given the request's URL on the server. */
  router: (app: ReactNode) => ReactNode;
  /** What to render instead of the app: a part of the layout on its own (the server's kept markup, client/kept-markup-store.ts). */
  children?: ReactNode;
};

/**
 * The storefront's providers, identical on server and client so hydration matches. The storefront
 * keeps its JavaScript small: plain components and CSS modules; Mantine is the admin's toolkit.
 */
export function StorefrontRoot({ i18n, queryClient, trpcClient, trpc, state, router, children }: Props) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient} trpc={trpc}>
          <HydrationBoundary state={state}>
            <SettingsProvider>{router(children ?? <StorefrontApp />)}</SettingsProvider>
          </HydrationBoundary>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
