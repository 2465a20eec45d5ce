/**
 * The id of the <template> in which a server-rendered storefront page carries its module preloads
 * (written by server/ssr/html.ts, moved into the head after the first paint by
 * client/entry-client.tsx).
 */
export const MODULES_TEMPLATE_ID = '__modules__';
