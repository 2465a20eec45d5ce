// Montserrat, self-hosted from @fontsource (hashed files under /assets/, never a font host).
import w400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url';
import w600 from '@fontsource/montserrat/files/montserrat-latin-600-normal.woff2?url';
import w700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';

/** The buy button's font (spec §9), with system fallbacks for scripts Montserrat lacks (ja). */
export const BUTTON_FONT = "Montserrat, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

const STYLE_ID = 'loja-montserrat';

function fontFaceCss(): string {
  const face = (weight: number, url: string) =>
    `@font-face{font-family:'Montserrat';font-style:normal;font-weight:${weight};font-display:swap;` +
    `src:url('${new URL(url, window.location.href).href}') format('woff2');}`;
  return [face(400, w400), face(600, w600), face(700, w700)].join('\n');
}

/**
 * The SDK draws every component inside a same-origin about:blank iframe, whose document knows
 * none of the page's fonts: this adds our @font-face rules to such a document, once. Called from
 * the components' `beforeRender` event, so the first paint inside the frame already asks for it.
 */
export function addFontTo(doc: Document | undefined): void {
  if (!doc?.head || doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = fontFaceCss();
  doc.head.appendChild(style);
}
