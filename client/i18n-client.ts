import { type I18n, setupI18n } from '@lingui/core';
import type { Locale } from '../shared/locales.ts';

/** Browser side: loads only the page's own catalog (one small chunk per locale). */
export async function loadI18n(locale: Locale): Promise<I18n> {
  const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
    'pt-BR': () => import('./locales/pt-BR.ts'),
    en: () => import('./locales/en.ts'),
    es: () => import('./locales/es.ts'),
    de: () => import('./locales/de.ts'),
    fr: () => import('./locales/fr.ts'),
    ja: () => import('./locales/ja.ts'),
  };
  const { messages } = await loaders[locale]();
  return setupI18n({ locale, messages: { [locale]: messages as never } });
}
