import { I18nProvider } from '@lingui/react';
import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { AppRouter } from '../server/trpc/router.ts';
import { isLocale, type Locale } from '../shared/locales.ts';
import { consentMarkup } from './consent/consent-markup.ts';
import { i18nByLocale } from './i18n-catalogs.ts';
import { KeptMarkupStore, type PendingPart } from './kept-markup-store.ts';
import { type PageHead, pageHead } from './page-head.ts';
import { MarkupKeeperContext } from './storefront/common/kept-markup.ts';
import { layoutPrefetch } from './storefront/layout-queries.ts';
import { PublicOriginContext } from './storefront/product/product-url.ts';
import { StorefrontRoot } from './storefront/Root.tsx';
import { StorefrontRouter } from './storefront/router.tsx';
import { matchStorefrontRoute } from './storefront/routes.ts';
import { WhatsAppFloat } from './storefront/whatsapp/WhatsAppFloat.tsx';
import type { Trpc } from './trpc.ts';

export type { Crumb, PageHead, SiteHead } from './page-head.ts';

/** The server render never calls tRPC through a client (its reads go through `trpc`), so it has one without links. */
const NO_CLIENT = createTRPCClient<AppRouter>({ links: [] });

/** `origin`: the shop's public origin (PUBLIC_URL or the request's), for absolute URLs in the page. */
export type RenderInput = { url: string; origin: string; trpc: Trpc; queryClient: QueryClient };
export type RenderResult = {
  html: string;
  status: number;
  locale: Locale;
  title: string;
  description: string;
  faviconUrl: string;
  /** What the document head says about the page: meta tags and JSON-LD are written from it. */
  head: PageHead;
  state: ReturnType<typeof dehydrate>;
  /** Static HTML after the app, never hydrated: the floating WhatsApp button. */
  after: string;
  /** The cookie banner and preferences (client/consent/), '' while the shop has no analytics or ads tag. */
  consent: string;
};

/** The rendered bytes decoded once, whole (decoding each of React's small chunks cost twice as much). */
async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** React's mark of a <Suspense> boundary it gave up on, leaving it to the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * React's markup of a part of the page, complete. The page's data is in the query client before
 * the render and nothing waits for more, so the synchronous renderer does it in one pass (measured
 * 2026-11-28: about 0.3 ms of a product page's 3 ms less than the static prerender, whose stream
 * and scheduling cost more than they carry here). A boundary that suspended all the same (a lazy
 * part of the page whose code loads for the first time in this process) comes out of it as React's
 * client-rendered marker, `<!--$!-->` (shop text cannot write it: React escapes `<` and `>`): the
 * part is then rendered again with the static prerender, which waits for it, so no page is ever
 * kept without it.
 */
async function markup(element: ReactNode): Promise<string> {
  let html: string | null = null;
  try {
    html = renderToString(element);
  } catch {
    // A part that suspended outside any <Suspense> fails the synchronous render, where the
    // prerender waits for it; a real error fails the prerender in turn, as it always did.
  }
  if (html !== null && !html.includes(CLIENT_RENDERED_BOUNDARY)) return html;
  // The page arrives whole: no boundary is outlined into a hidden segment swapped in by an
  // inline script (React does so past 12.8 KB by default), which would show the page without
  // its content first and then shift the footer down. The storefront's <Suspense> boundaries
  // only split hydration (storefront/common/hydration.tsx).
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return streamToString(prelude);
}

/**
 * The floating WhatsApp button of an open store with a number (issue 18), as static HTML: it
 * needs no script, so it is rendered apart from the app and the client bundle never carries it.
 * Its status (open now or when next) is read through `whatsapp.status`, whose `until` makes the
 * page's cache entry expire at the next opening, closing or midnight; it is not sent to hydrate.
 */
async function whatsappFloat(trpc: Trpc, queryClient: QueryClient, locale: Locale): Promise<string> {
  const settings = queryClient.getQueryData(trpc.settings.get.queryKey());
  if (!settings || !('currency' in settings) || !settings.whatsapp_number) return '';
  const options = trpc.whatsapp.status.queryOptions();
  const status = await queryClient.fetchQuery(options);
  queryClient.removeQueries({ queryKey: options.queryKey });
  return markup(
    <I18nProvider i18n={i18nByLocale[locale]}>
      <WhatsAppFloat
        number={settings.whatsapp_number}
        message={settings.whatsapp_message}
        siteTitle={settings.site_title}
        status={status}
      />
    </I18nProvider>,
  );
}

/**
 * The state the page hydrates from, its queries in the order of their keys: the same data makes the
 * same page (and ETag) whatever order the reads ended in, since the server's query client caches a
 * read when it ends (server/ssr/query-client.ts), not when it starts.
 */
function hydrationState(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient);
  state.queries.sort((a, b) => (a.queryHash < b.queryHash ? -1 : a.queryHash > b.queryHash ? 1 : 0));
  return state;
}

/** The header's and footer's markup as the process has rendered them (client/storefront/common/kept-markup.ts). */
const keptMarkup = new KeptMarkupStore();

/**
 * Renders a storefront URL: prefetches the route's queries through the in-process tRPC proxy,
 * renders the page complete (no streaming), and returns the HTML plus the state to hydrate.
 */
export async function render({ url, origin, trpc, queryClient }: RenderInput): Promise<RenderResult> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const match = matchStorefrontRoute(pathname);
  await Promise.all([
    ...layoutPrefetch(trpc, queryClient),
    ...(match ? match.route.prefetch(trpc, queryClient, match.params, searchParams) : []),
  ]);

  const settings = queryClient.getQueryData(trpc.settings.get.queryKey());
  const locale: Locale = settings && isLocale(settings.locale) ? settings.locale : 'pt-BR';
  const locked = !!settings && !('currency' in settings);
  const missing = !match || (!locked && !!match.route.missing?.(trpc, queryClient, match.params, searchParams));
  const siteTitle = settings?.site_title ?? 'Minha Loja';
  const info = pageHead({
    i18n: i18nByLocale[locale],
    trpc,
    qc: queryClient,
    settings: settings && 'currency' in settings ? settings : null,
    siteTitle,
    route: match ? { path: match.route.path, slug: match.params.slug ?? '', search: searchParams } : null,
    missing,
  });

  const root = (part?: ReactNode) => (
    <StorefrontRoot
      i18n={i18nByLocale[locale]}
      queryClient={queryClient}
      trpcClient={NO_CLIENT}
      trpc={trpc}
      state={undefined}
      router={(app) => (
        <PublicOriginContext value={origin}>
          <StorefrontRouter url={url}>{app}</StorefrontRouter>
        </PublicOriginContext>
      )}
    >
      {part}
    </StorefrontRoot>
  );
  const pending: PendingPart[] = [];
  const html = await markup(<MarkupKeeperContext value={keptMarkup.keeper(pending)}>{root()}</MarkupKeeperContext>);
  const after = await whatsappFloat(trpc, queryClient, locale);
  const state = hydrationState(queryClient);
  // After the page's state is taken: a part rendered on its own adds nothing to it.
  if (pending.length > 0) await keptMarkup.keep(pending, html, (part) => markup(root(part)));
  return {
    after,
    html,
    status: missing ? 404 : 200,
    locale,
    title: info.title,
    description: info.description,
    faviconUrl: settings?.favicon_url ?? '',
    head: info.head,
    state,
    consent: settings && 'currency' in settings ? consentMarkup(locale, settings) : '',
  };
}
