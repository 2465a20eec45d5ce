import type { I18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../shared/settings.ts';
import { pageHead } from '../../page-head.ts';
import type { Trpc } from '../../trpc.ts';
import { matchStorefrontRoute } from '../routes.ts';

type Where = { i18n: I18n; trpc: Trpc; qc: QueryClient; pathname: string; search: string };

/**
 * Sets `document.title` for the current route (the title the server writes, page-head.ts) now and
 * whenever a query's data arrives; returns the unsubscribe. Loaded by DocumentTitle after the page
 * is interactive: the first paint already has the server's title, so the storefront's initial
 * JavaScript does without page-head.ts (tests/budget.test.ts).
 */
export function watchTitle({ i18n, trpc, qc, pathname, search }: Where): () => void {
  const update = () => {
    const settings = qc.getQueryData(trpc.settings.get.queryKey());
    const searchParams = new URLSearchParams(search);
    const match = matchStorefrontRoute(pathname);
    const open = settings && 'currency' in settings ? (settings as Settings) : null;
    const { title } = pageHead({
      i18n,
      trpc,
      qc,
      settings: open,
      siteTitle: settings?.site_title ?? document.title,
      route: match ? { path: match.route.path, slug: match.params.slug ?? '', search: searchParams } : null,
      missing: !match || (!!open && !!match.route.missing?.(trpc, qc, match.params, searchParams)),
    });
    if (document.title !== title) document.title = title;
  };
  update();
  return qc.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') update();
  });
}
