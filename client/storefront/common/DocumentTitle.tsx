import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Settings } from '../../../shared/settings.ts';
import { pageHead } from '../../page-head.ts';
import { useTRPC } from '../../trpc.ts';
import { useLocation } from '../router.tsx';
import { matchStorefrontRoute } from '../routes.ts';

/**
 * Keeps `document.title` right after client-side navigation: the same title the server writes
 * (page-head.ts), recomputed when the route changes and whenever the page's data arrives.
 */
export function DocumentTitle() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { pathname, search } = useLocation();

  useEffect(() => {
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
  }, [i18n, trpc, qc, pathname, search]);
  return null;
}
