/**
 * The storefront in the browser: hydrates the server-rendered page. Imported by entry-client.tsx
 * once the page has painted; the server preloads this module's chunks (server/ssr/manifest.ts).
 */
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isLocale } from '../shared/locales.ts';
import { loadI18n } from './i18n-client.ts';
import { StorefrontRoot } from './storefront/Root.tsx';
import { StorefrontRouter } from './storefront/router.tsx';
import { makeQueryClient, makeTrpcClient } from './trpc.ts';

const stateEl = document.getElementById('__STATE__');
const state = stateEl?.textContent ? (JSON.parse(stateEl.textContent) as DehydratedState) : undefined;
// The page may come from the server's page cache, rendered minutes ago: its data is current all the
// same (every write empties that cache), so it counts as fetched now. Otherwise every query older
// than the staleTime would be fetched again right after hydration, on every visit.
// A page the browser kept (Back/Forward) may be of any age: its data keeps its own time.
const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
if (navigation?.type !== 'back_forward') {
  const servedAt = Date.now();
  for (const q of state?.queries ?? []) q.state.dataUpdatedAt = servedAt;
}
const lang = document.documentElement.lang;
const root = document.getElementById('root');

// The catalog loads before hydrating, so the first client render matches the server's HTML.
loadI18n(isLocale(lang) ? lang : 'pt-BR').then((i18n) => {
  if (!root) return;
  // A transition, so hydrating the shell is time-sliced too (yields to the browser every few
  // milliseconds) instead of one long task; the deferred parts already are (common/hydration.tsx).
  startTransition(() => {
    hydrateRoot(
      root,
      <StorefrontRoot
        i18n={i18n}
        queryClient={makeQueryClient()}
        trpcClient={makeTrpcClient()}
        state={state}
        router={(app) => <StorefrontRouter>{app}</StorefrontRouter>}
      />,
    );
  });
});
