import { LRUCache } from 'lru-cache';
import postcss, { type ChildNode, type Container } from 'postcss';

/**
 * The storefront inlines its CSS so that nothing blocks the first paint, but the whole sheet (every
 * page's and component's rules, about 30 KB, 7 KB brotli) was most of a page's first round trip.
 * A page now inlines only the rules its markup can use; the whole sheet follows after the first
 * paint with the module preloads (server/ssr/html.ts), before the app hydrates.
 *
 * A rule is left out only when one of its CSS-module classes (`_name_hash5_line`, scoped to one
 * component, set only by React) is absent from the page's markup: such a rule cannot match any
 * element there. Global classes, element selectors, classes inside `:not()`/`:is()`/`:has()` and
 * at-rules other than `@media`/`@supports`/`@container` are always kept. Parsing happens once, at
 * start; a page costs one scan of its class attributes. postcss is the parser (Vite's own); no
 * maintained library prunes by the markup of each request without a headless browser or a DOM.
 */

type Piece = {
  /** The enclosing conditional at-rules, outermost first (`@media (width>=768px)`). */
  wrappers: string[];
  text: string;
  /** Alternatives of the rule's selector list, each with the module classes it needs; null: always kept. */
  needs: string[][] | null;
};
export type CriticalSheet = {
  pieces: Piece[];
  /**
   * The rules already picked, by the page's class attributes (sorted, joined): pages of one kind use
   * the same classes (every product page, a collection page of 24 or 72 cards), so most pages find
   * their rules here instead of walking the sheet and joining its text again.
   */
  picked: LRUCache<string, string>;
};

const MODULE_CLASS = /\.(_[A-Za-z][\w-]*_[a-z0-9]{5}_\d+)/g;
const CONDITIONAL = new Set(['media', 'supports', 'container']);
const FUNCTIONAL_PSEUDO = /:[\w-]+\([^()]*\)/g;

/** The module classes a selector needs, functional pseudo-classes' arguments left out. */
function neededClasses(selector: string): string[] {
  let s = selector;
  for (let before = ''; before !== s; ) {
    before = s;
    s = s.replace(FUNCTIONAL_PSEUDO, '');
  }
  return [...s.matchAll(MODULE_CLASS)].map((m) => m[1] as string);
}

function collect(container: Container, wrappers: string[], pieces: Piece[]): void {
  container.each((node: ChildNode) => {
    if (node.type === 'atrule' && CONDITIONAL.has(node.name) && node.nodes) {
      collect(node, [...wrappers, `@${node.name} ${node.params}`], pieces);
    } else if (node.type === 'rule' && !node.nodes.some((n) => n.type === 'rule' || n.type === 'atrule')) {
      const needs = node.selectors.map(neededClasses);
      pieces.push({ wrappers, text: node.toString(), needs: needs.some((n) => n.length === 0) ? null : needs });
    } else if (node.type !== 'comment') {
      pieces.push({ wrappers, text: node.toString(), needs: null });
    }
  });
}

export function prepareSheet(css: string): CriticalSheet {
  const pieces: Piece[] = [];
  collect(postcss.parse(css), [], pieces);
  return { pieces, picked: new LRUCache({ max: 64 }) };
}

const CLASS_ATTRIBUTE = ' class="';

/**
 * The values of the markup's class attributes, each once. A plain scan: a regular expression's
 * match objects were about 120 KB of the 2 MB a 72-card collection page allocates.
 */
function classAttributes(markup: string): Set<string> {
  const values = new Set<string>();
  for (let at = markup.indexOf(CLASS_ATTRIBUTE); at !== -1; ) {
    const start = at + CLASS_ATTRIBUTE.length;
    const end = markup.indexOf('"', start);
    if (end === -1) break;
    values.add(markup.slice(start, end));
    at = markup.indexOf(CLASS_ATTRIBUTE, end);
  }
  return values;
}

/** The sheet's rules that the markup can use, in the sheet's order, with their at-rules. */
export function criticalCss(sheet: CriticalSheet, markup: string): string {
  const attributes = classAttributes(markup);
  const key = [...attributes].sort().join('"');
  const known = sheet.picked.get(key);
  if (known !== undefined) return known;
  const used = new Set<string>();
  for (const value of attributes) for (const c of value.split(/\s+/)) if (c) used.add(c);
  const picked = pick(sheet, used);
  sheet.picked.set(key, picked);
  return picked;
}

function pick(sheet: CriticalSheet, used: Set<string>): string {
  let out = '';
  let open: string[] = [];
  for (const piece of sheet.pieces) {
    if (piece.needs && !piece.needs.some((alt) => alt.every((c) => used.has(c)))) continue;
    let common = 0;
    while (common < open.length && common < piece.wrappers.length && open[common] === piece.wrappers[common]) common++;
    out += '}'.repeat(open.length - common);
    for (const w of piece.wrappers.slice(common)) out += `${w}{`;
    open = piece.wrappers;
    out += piece.text;
  }
  return out + '}'.repeat(open.length);
}
