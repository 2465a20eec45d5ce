import { type ComponentProps, createContext, type MouseEvent, type ReactNode, use, useCallback, useLayoutEffect, useMemo } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Router, Switch, useSearch, useLocation as useWouterLocation, useParams as useWouterParams } from 'wouter';

/**
 * The storefront's routing, in one place: wouter (about 2 KB) instead of React Router (about
 * 12 KB of the shopper's JavaScript; the admin keeps React Router, in its own bundle). The
 * components import their links and hooks from here, never from the library.
 *
 * On the server, `StorefrontRouter` is given the request's path and query; in the browser it reads
 * `location` (hydration then sees the same values the server rendered).
 */
export function StorefrontRouter({ url, children }: { url?: string; children: ReactNode }) {
  if (url === undefined)
    return (
      <Router>
        <LocationProvider>{children}</LocationProvider>
      </Router>
    );
  const { pathname, search } = new URL(url, 'http://localhost');
  return (
    <Router ssrPath={pathname} ssrSearch={search}>
      <LocationProvider>{children}</LocationProvider>
    </Router>
  );
}

/**
 * The path, read from wouter once for the whole page and handed to every `Link` (reading wouter's
 * location in each one was most of what the links cost a page drawn on the server). A navigation
 * changes it, and every link draws again, as it did when each read the location itself.
 */
const PathnameContext = createContext<string | null>(null);

/** The page's navigation (the browser has one storefront router), for the links' clicks; null until hydrated. */
let followedBy: Navigate | null = null;

function LocationProvider({ children }: { children: ReactNode }) {
  const [pathname, navigate] = useWouterLocation();
  // Set as the page commits (before the browser can deliver a click to the hydrated links).
  useLayoutEffect(() => {
    followedBy = navigate;
    return () => {
      if (followedBy === navigate) followedBy = null;
    };
  }, [navigate]);
  return <PathnameContext value={pathname}>{children}</PathnameContext>;
}

/** A click the page may take over: the main button, no modifier key (those open tabs and windows). */
const plainClick = (event: MouseEvent) => event.button === 0 && !(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey);

/** Navigates on the client to the clicked anchor's href, once the page is hydrated (before, the browser follows it). */
function follow(event: MouseEvent<HTMLAnchorElement>, replace?: boolean): void {
  const href = event.currentTarget.getAttribute('href');
  if (!followedBy || !href || event.defaultPrevented) return;
  event.preventDefault();
  followedBy(href, { replace });
}

/**
 * The click handler of a plain anchor to a storefront path (`<a href="/produto/x" onClick={followLink}>`):
 * navigates on the client as `Link` does, without a component per link. For the links a page
 * draws by the dozen (the header's collections, the product cards): each `Link` is a component the
 * server renders, and a collection page drew 72 of them for every page nobody asked for before.
 */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (plainClick(event)) follow(event);
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
 * and before hydration). Written here rather than wouter's `Link`, which reads the location on its
 * own and wraps the anchor in forwardRef: a collection page draws up to 72 cards, each a link, and
 * every page nobody asked for before is drawn on the server (issue 16).
 */
export function Link({ to, replace, onClick, ...props }: LinkProps) {
  const pathname = use(PathnameContext);
  if (pathname === null) throw new Error('Link outside StorefrontRouter');
  const href = typeof to === 'string' ? to : to.search ? `${pathname}?${to.search.replace(/^\?/, '')}` : pathname;
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        if (!plainClick(event)) return;
        onClick?.(event);
        follow(event, replace);
      }}
    />
  );
}
