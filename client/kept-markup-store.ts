import { LRUCache } from 'lru-cache';
import type { ReactNode } from 'react';
import { leadingLinks } from '../shared/leading-links.ts';
import type { MarkupKeeper } from './storefront/common/kept-markup.ts';

/**
 * The server's markup of the layout's header and footer (client/storefront/common/kept-markup.ts),
 * by part and inputs. A part's content is kept from the second page that asks for it with the same
 * inputs (one page alone is not worth a second render), rendered on its own after that page, and
 * only when that markup is found, as it is, in the page rendered inline: what the store hands out is
 * exactly what rendering the part inline would write. The store is bounded (a changed setting makes
 * new inputs; the old entries are the least recently used).
 */

/** A part asked for a second time with the same inputs, to be rendered on its own after the page. */
export type PendingPart = { key: string; content: ReactNode };

const ids = new WeakMap<object, number>();
let nextId = 0;

/** Data objects by identity (query data is replaced, never changed in place), plain values by value. */
function inputKey(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'undefined';
  let id = ids.get(value);
  if (id === undefined) {
    id = ++nextId;
    ids.set(value, id);
  }
  return `#${id}`;
}

export class KeptMarkupStore {
  readonly #kept = new LRUCache<string, string>({ max: 64 });
  readonly #asked = new LRUCache<string, true>({ max: 256 });

  /** The keeper of one page's render: it answers from the store and notes the parts to keep in `pending`. */
  keeper(pending: PendingPart[]): MarkupKeeper {
    return (part, inputs, content) => {
      const key = `${part}:${inputs.map(inputKey).join(',')}`;
      const html = this.#kept.get(key);
      if (html !== undefined) return html;
      if (this.#asked.has(key)) pending.push({ key, content });
      else this.#asked.set(key, true);
      return null;
    };
  }

  /**
   * Renders each pending part on its own (`render`, within the page's providers) and keeps it when
   * the page's markup holds it as it is.
   */
  async keep(pending: readonly PendingPart[], pageHtml: string, render: (content: ReactNode) => Promise<string>): Promise<void> {
    for (const { key, content } of pending) {
      if (this.#kept.has(key)) continue;
      // Its images' preloads come first (shared/leading-links.ts): they are not the element's content.
      const rendered = await render(content);
      const html = rendered.slice(leadingLinks(rendered).length);
      if (html && pageHtml.includes(html)) this.#kept.set(key, html);
    }
  }
}
