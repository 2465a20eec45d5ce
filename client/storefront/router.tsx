import { type ComponentProps, type ReactNode, useCallback, useMemo } from 'react';
import { parse } from 'regexparam';
import {
  matchRoute,
  Route,
  Router,
  Switch,
  useSearch,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  Link as WouterLink,
} from 'wouter';

/**
 * The storefront's routing, in one place: wouter (about 2 KB) instead of React Router (about
 * 12 KB of the shopper's JavaScript; the admin keeps React Router, in its own bundle). The
 * components import their links and hooks from here, never from the library.
 *
 * On the server, `StorefrontRouter` is given the request's path and query; in the browser it reads
 * `location` (hydration then sees the same values the server rendered).
 */
export function StorefrontRouter({ url, children }: { url?: string; children: ReactNode }) {
  if (url === undefined) return <Router>{children}</Router>;
  const { pathname, search } = new URL(url, 'http://localhost');
  return (
    <Router ssrPath={pathname} ssrSearch={search}>
      {children}
    </Router>
  );
}

/** The path as wouter reads it (escape sequences decoded with decodeURI; left as is when malformed). */
function decodePath(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/**
 * A path pattern (`/produto/:slug`) against a pathname as the request has it: the params, decoded
 * as the components' `useParams` sees them (the server's prefetch and the page read one key), or null.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string | undefined> | null {
  const [matched, params] = matchRoute(parse, pattern, decodePath(pathname));
  return matched && params ? (params as Record<string, string | undefined>) : null;
}

/** The route's params (wouter decodes the path). */
export const useParams = useWouterParams as () => Record<string, string | undefined>;

/** The current path and query string (`?a=b`, or '' without one). */
export function useLocation(): { pathname: string; search: string } {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

export { Route, Switch };

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** Client-side navigation to a path of the storefront. */
export function useNavigate(): Navigate {
  return useWouterLocation()[1];
}

/** The query string as URLSearchParams, and its setter (a new history entry unless `replace`). */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: { replace?: boolean }) => void] {
  const [pathname, navigate] = useWouterLocation();
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) => {
      const q = next.toString();
      navigate(q ? `${pathname}?${q}` : pathname, options);
    },
    [navigate, pathname],
  );
  return [params, set];
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** A path, or `{ search }`: the current page with another query string ('' for none). */
  to: string | { search: string };
  replace?: boolean;
};

/**
 * An anchor that navigates on the client (a plain link with a modifier key or another button,
 * and before hydration).
 */
export function Link({ to, ...props }: LinkProps) {
  const [pathname] = useWouterLocation();
  const href = typeof to === 'string' ? to : to.search ? `${pathname}?${to.search.replace(/^\?/, '')}` : pathname;
  return <WouterLink href={href} {...props} />;
}
