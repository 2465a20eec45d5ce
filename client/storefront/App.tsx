import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { FEATURED_PATH } from '../../shared/catalog-paths.ts';
import { LEGAL_PAGES, legalPath } from '../../shared/legal-pages.ts';
import { CollectionPage } from './collection/CollectionPage.tsx';
import { DocumentTitle } from './common/DocumentTitle.tsx';
import { useShellHydrated } from './common/hydration.tsx';
import { NotFound } from './common/NotFound.tsx';
import { HomePage } from './home/HomePage.tsx';
import { Layout } from './layout/Layout.tsx';
import { ProductPage } from './product/ProductPage.tsx';
import { Route, Switch } from './router.tsx';

/**
 * The legal pages are visited rarely: their code is a chunk of its own, fetched when one is shown
 * (the server renders them whole; hydration keeps that HTML until the chunk arrives), so the
 * first download of every other page stays within the budget (tests/budget.test.ts).
 */
const LegalPage = lazy(() => import('./legal/LegalPage.tsx').then((m) => ({ default: m.LegalPage })));

/** Storefront routes (spec §2). The server prefetches each one's data (routes.ts). */
export function StorefrontApp() {
  // With the deferred parts (common/hydration.tsx), marks the end of hydration.
  useShellHydrated();
  return (
    <>
      <DocumentTitle />
      <Layout>
        <Switch>
          <Route path="/">
            <HomePage />
          </Route>
          <Route path="/produto/:slug">
            <ProductPage />
          </Route>
          <Route path={FEATURED_PATH}>
            <CollectionPage />
          </Route>
          <Route path="/colecao/:slug">
            <CollectionPage />
          </Route>
          {LEGAL_PAGES.map((slug) => (
            <Route key={slug} path={legalPath(slug)}>
              <Suspense fallback={null}>
                <LegalPage slug={slug} />
              </Suspense>
            </Route>
          ))}
          <Route>
            <NotFound>
              <Trans>Página não encontrada</Trans>
            </NotFound>
          </Route>
        </Switch>
      </Layout>
    </>
  );
}
