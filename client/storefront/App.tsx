import { Trans } from '@lingui/react/macro';
import { Route, Routes } from 'react-router';
import { CollectionPage } from './collection/CollectionPage.tsx';
import { DocumentTitle } from './common/DocumentTitle.tsx';
import { useShellHydrated } from './common/hydration.tsx';
import { NotFound } from './common/NotFound.tsx';
import { HomePage } from './home/HomePage.tsx';
import { Layout } from './layout/Layout.tsx';
import { ProductPage } from './product/ProductPage.tsx';

/** Storefront routes (spec §2). The server prefetches each one's data (routes.ts). */
export function StorefrontApp() {
  // With the deferred parts (common/hydration.tsx), marks the end of hydration.
  useShellHydrated();
  return (
    <>
      <DocumentTitle />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="produto/:slug" element={<ProductPage />} />
          <Route path="colecao/:slug" element={<CollectionPage />} />
          <Route
            path="*"
            element={
              <NotFound>
                <Trans>Página não encontrada</Trans>
              </NotFound>
            }
          />
        </Route>
      </Routes>
    </>
  );
}
