/**
 * Product descriptions are plain text in this shop (the product page shows them as text, line
 * breaks kept: `white-space: pre-line`), while Shopify's are HTML. `htmlToText` turns HTML into that
 * text, so no markup, script or style ever reaches a description: tags are dropped (the content of
 * script, style, template and the like with them), block elements and `<br>` become line breaks,
 * list items a '• ', entities are decoded and HTML's white space is collapsed as a browser would.
 * A description with no tag and no entity is plain text already and is taken as it is.
 *
 * `textToHtml` is its inverse for exports: `htmlToText(textToHtml(t)) === t` for every text, so a
 * catalogue exported and imported again keeps its descriptions to the byte.
 */

const LOOKS_LIKE_HTML = /<[a-z!/]|&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/i;
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
]);
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'section',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);
const PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  ordm: 'º',
  ordf: 'ª',
  sup2: '²',
  sup3: '³',
  frac12: '½',
  times: '×',
  euro: '€',
};
// Accented letters by name (&aacute; &Ccedil; &atilde; …).
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  tilde: '\u0303',
  uml: '\u0308',
  cedil: '\u0327',
};

function entity(name: string): string | null {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  }
  if (NAMED[name] !== undefined) return NAMED[name];
  const m = /^([a-zA-Z])(acute|grave|circ|tilde|uml|cedil)$/.exec(name);
  return m?.[1] && m[2] ? `${m[1]}${ACCENTS[m[2]]}`.normalize('NFC') : null;
}

/** Decodes the entities of `text` (unknown ones stay as written). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (whole, name: string) => entity(name) ?? whole);
}

/** The description's text: HTML converted (see above), plain text as it is. */
export function htmlToText(html: string): string {
  if (!LOOKS_LIKE_HTML.test(html)) return html;
  // Entities stay encoded until the end, so an encoded space is never collapsed or trimmed.
  let out = '';
  const trimEnd = () => {
    out = out.replace(/ +$/, '');
  };
  const ensureBreaks = (n: number) => {
    trimEnd();
    if (out === '') return;
    const have = /\n*$/.exec(out)?.[0].length ?? 0;
    if (have < n) out += '\n'.repeat(n - have);
  };
  const text = (raw: string) => {
    let t = raw.replace(/[ \t\n\r\f]+/g, ' ');
    if (out === '' || out.endsWith('\n') || out.endsWith(' ')) t = t.replace(/^ /, '');
    out += t;
  };
  const tag =
    /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>?/g;
  let at = 0;
  let skipping: string | null = null;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (!skipping) text(html.slice(at, m.index));
    at = m.index + m[0].length;
    const name = m[1]?.toLowerCase();
    if (!name) continue;
    const closing = m[0][1] === '/';
    if (skipping) {
      if (closing && name === skipping) skipping = null;
      continue;
    }
    if (DROPPED.has(name)) {
      if (!closing && !/\/\s*>?$/.test(m[0])) skipping = name;
      continue;
    }
    if (name === 'br') {
      trimEnd();
      out += '\n';
    } else if (PARAGRAPHS.has(name)) ensureBreaks(2);
    else if (BLOCKS.has(name)) {
      ensureBreaks(1);
      if (name === 'li' && !closing) out += '• ';
    } else if ((name === 'td' || name === 'th') && !closing && !out.endsWith('\n') && out !== '') {
      trimEnd();
      out += ' ';
    }
  }
  if (!skipping) text(html.slice(at));
  return decodeEntities(out.replace(/^[ \n]+|[ \n]+$/g, ''));
}

/** Text as HTML that `htmlToText` reads back to the same text: escaped, line breaks as <br>, spaces HTML would collapse encoded. */
export function textToHtml(text: string): string {
  if (!/[<&]/.test(text)) return text;
  // Line breaks at either end are encoded too: the reader trims the ones markup leaves there.
  const [, before = '', body = '', after = ''] = /^(\n*)([\s\S]*?)(\n*)$/.exec(text) ?? [];
  const nl = (s: string) => '&#10;'.repeat(s.length);
  const html = body
    .split('\n')
    .map((line) =>
      line
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/\t/g, '&#9;')
        .replace(/\r/g, '&#13;')
        .replace(/\f/g, '&#12;')
        // A space is kept only alone between two other characters; any other is encoded.
        .replace(/ +/g, (run, at: number, whole: string) =>
          run.length === 1 && at > 0 && at + 1 < whole.length ? ' ' : '&#32;'.repeat(run.length),
        ),
    )
    .join('<br>');
  return nl(before) + html + nl(after);
}
