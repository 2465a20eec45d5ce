/**
 * React's server renderer writes a `<link rel="preload" as="image">` for every image that is not
 * lazy at the very start of a render's markup, never beside the image. The run of `<link>` tags a
 * render's markup starts with ('' when none): the page takes the LCP image's out of it
 * (server/ssr/html.ts), and a part of the layout rendered on its own leaves it out
 * (client/kept-markup-store.ts).
 */
export const leadingLinks = (markup: string): string => /^(?:<link [^>]*>)+/.exec(markup)?.[0] ?? '';
