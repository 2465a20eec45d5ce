import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { LOCALES, type Locale } from '../shared/locales.ts';
import { messages as de } from './locales/de.ts';
import { messages as en } from './locales/en.ts';
import { messages as es } from './locales/es.ts';
import { messages as fr } from './locales/fr.ts';
import { messages as ja } from './locales/ja.ts';
import { messages as ptBR } from './locales/pt-BR.ts';
import { messages as serverDe } from './locales/server-only/de.ts';
import { messages as serverEn } from './locales/server-only/en.ts';
import { messages as serverEs } from './locales/server-only/es.ts';
import { messages as serverFr } from './locales/server-only/fr.ts';
import { messages as serverJa } from './locales/server-only/ja.ts';
import { messages as serverPtBR } from './locales/server-only/pt-BR.ts';

const catalogs: Record<Locale, Messages> = { 'pt-BR': ptBR, en, es, de, fr, ja };
/** Texts of the HTML the server writes outside the app (cookie banner, WhatsApp float): never shipped to the browser. */
const serverOnly: Record<Locale, Messages> = { 'pt-BR': serverPtBR, en: serverEn, es: serverEs, de: serverDe, fr: serverFr, ja: serverJa };

/**
 * Lingui compiles every message to a list, a text without placeholders too (`['Ver produto']`), and
 * `i18n._` sends each through its interpolator, which makes a set of formatters on every call: 70
 * KB of the 2 MB a 72-card collection page allocated as the server drew it (issue 16). Such a text
 * is answered from the catalog as it is, and everything else (placeholders, plurals, escape
 * sequences, a message the catalog lacks) goes to Lingui as before. The text is exactly what Lingui
 * would give: its interpolator joins a list of plain strings, and decodes escapes only where a
 * backslash is, which such texts are left out for.
 */
function answeringPlainTexts(i18n: I18n): I18n {
  const texts = new Map<string, string>();
  for (const [id, message] of Object.entries(i18n.messages)) {
    const only = Array.isArray(message) && message.length === 1 ? message[0] : undefined;
    if (typeof only === 'string' && !only.includes('\\')) texts.set(id, only);
  }
  const translate = i18n._.bind(i18n);
  // By id, or by a descriptor (`msg` and `t` give one): a plain text has no values to put in.
  const fast = ((id: string | MessageDescriptor, ...rest: unknown[]) => {
    const key = typeof id === 'string' ? id : typeof id === 'object' && id !== null ? id.id : undefined;
    return (key === undefined ? undefined : texts.get(key)) ?? (translate as (...a: unknown[]) => string)(id, ...rest);
  }) as I18n['_'];
  i18n._ = fast;
  i18n.t = fast;
  return i18n;
}

/** Server side: one i18n instance per locale, created once and never switched per request. */
export const i18nByLocale = Object.fromEntries(
  LOCALES.map((l) => [l, answeringPlainTexts(setupI18n({ locale: l, messages: { [l]: { ...catalogs[l], ...serverOnly[l] } } }))]),
) as Record<Locale, I18n>;
