import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { AppRouter } from '../server/trpc/router.ts';
import { isLocale, type Locale } from '../shared/locales.ts';
import { i18nByLocale } from './i18n-catalogs.ts';
import { StorefrontRoot } from './storefront/Root.tsx';
import { layoutPrefetch, matchStorefrontRoute, type Trpc } from './storefront/routes.ts';

export type RenderInput = { url: string; trpc: Trpc; queryClient: QueryClient };
export type RenderResult = {
  html: string;
  status: number;
  locale: Locale;
  title: string;
  description: string;
  faviconUrl: string;
  state: ReturnType<typeof dehydrate>;
};

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return out;
}

/**
 * Renders a storefront URL: prefetches the route's queries through the in-process tRPC proxy,
 * renders the page complete (no streaming), and returns the HTML plus the state to hydrate.
 */
export async function render({ url, trpc, queryClient }: RenderInput): Promise<RenderResult> {
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
  const pageTitle = !locked && match?.route.title?.(trpc, queryClient, match.params, searchParams, i18nByLocale[locale]);

  const { prelude } = await prerenderToNodeStream(
    <StorefrontRoot
      i18n={i18nByLocale[locale]}
      queryClient={queryClient}
      trpcClient={createTRPCClient<AppRouter>({ links: [] })}
      state={undefined}
      router={(app) => <StaticRouter location={url}>{app}</StaticRouter>}
    />,
  );
  return {
    html: await streamToString(prelude),
    status: missing ? 404 : 200,
    locale,
    title: pageTitle ? `${pageTitle} | ${siteTitle}` : siteTitle,
    description: settings && 'site_description' in settings ? settings.site_description : '',
    faviconUrl: settings?.favicon_url ?? '',
    state: dehydrate(queryClient),
  };
}
