import { type I18n, type Messages, setupI18n } from '@lingui/core';
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

/** Server side: one i18n instance per locale, created once and never switched per request. */
export const i18nByLocale = Object.fromEntries(
  LOCALES.map((l) => [l, setupI18n({ locale: l, messages: { [l]: { ...catalogs[l], ...serverOnly[l] } } })]),
) as Record<Locale, I18n>;
