import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../trpc.ts';
import { useLocation } from '../router.tsx';

/**
 * Keeps `document.title` right after client-side navigation: the same title the server writes
 * (page-head.ts), recomputed when the route changes and whenever the page's data arrives. The code
 * that computes it (document-title.ts) is fetched after hydration, outside the initial JavaScript.
 */
export function DocumentTitle() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { pathname, search } = useLocation();

  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    import('./document-title.ts').then(({ watchTitle }) => {
      if (!gone) stop = watchTitle({ i18n, trpc, qc, pathname, search });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [i18n, trpc, qc, pathname, search]);
  return null;
}
