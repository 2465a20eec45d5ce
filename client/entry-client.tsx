import './storefront/storefront.css';
import type { DehydratedState } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { isLocale } from '../shared/locales.ts';
import { loadI18n } from './i18n-client.ts';
import { StorefrontRoot } from './storefront/Root.tsx';
import { makeQueryClient, makeTrpcClient } from './trpc.ts';

const stateEl = document.getElementById('__STATE__');
const state = stateEl?.textContent ? (JSON.parse(stateEl.textContent) as DehydratedState) : undefined;
const lang = document.documentElement.lang;
const root = document.getElementById('root');

// The catalog loads before hydrating, so the first client render matches the server's HTML.
loadI18n(isLocale(lang) ? lang : 'pt-BR').then((i18n) => {
  if (!root) return;
  hydrateRoot(
    root,
    <StorefrontRoot
      i18n={i18n}
      queryClient={makeQueryClient()}
      trpcClient={makeTrpcClient()}
      state={state}
      router={(app) => <BrowserRouter>{app}</BrowserRouter>}
    />,
  );
});
