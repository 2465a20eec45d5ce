import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '../../shared/locales.ts';
import { type CriticalSheet, prepareSheet } from './critical-css.ts';

type Chunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
export type EntryAssets = {
  script: string;
  /** Every stylesheet the entry needs before first paint (its static graph's CSS). */
  css: string[];
  /** The chunks the entry imports statically (modulepreloaded). */
  preload: string[];
  /** The stylesheets' text, read once at start: the storefront inlines it (no render-blocking request). */
  cssText: string;
  /**
   * The same text parsed, when there is some: a page with state inlines only the rules its markup
   * can use and loads the stylesheets after the first paint (server/ssr/critical-css.ts).
   */
  sheet?: CriticalSheet;
  /** The module the entry imports after the first paint (the storefront's app), when there is one. */
  app?: string;
  /** Per locale, the catalog chunk loaded before hydration (modulepreloaded for the page's locale). */
  catalogs: Partial<Record<Locale, string>>;
  /** The cookie consent script (storefront), added only to pages with a consent banner. */
  consent?: string;
};

/** Vite's manifest of a client build (dist/client/.vite/manifest.json). */
export function readManifest(clientDir: string): Record<string, Chunk> {
  return JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
}

export const STOREFRONT_ENTRY = 'client/entry-client.tsx';
/** The storefront's code, which the entry imports right after the first paint: preloaded with it. */
export const STOREFRONT_APP = 'client/storefront-app.tsx';
export const ADMIN_ENTRY = 'client/admin/entry-admin.tsx';
export const CONSENT_ENTRY = 'client/consent/consent.ts';
/**
 * Parts of the storefront that are code chunks of their own but that the server renders whole
 * (they hydrate when their code arrives: client/storefront/product/ProductPage.tsx). Their styles
 * are inlined with the entry's when the page uses them: with their chunk they came late, and the
 * page shifted when they did (CLS 0.029 on a product page). The search overlay, drawn only in the browser, is not here.
 */
export const SERVER_RENDERED_CHUNKS = [
  'client/storefront/product/ProductSpecs.tsx',
  'client/storefront/product/ShareBlock.tsx',
  'client/storefront/whatsapp/BuyOnWhatsApp.tsx',
];

/** The module each locale's catalog is built from (client/i18n-client.ts imports it lazily). */
export const catalogModule = (locale: Locale) => `client/locales/${locale}.ts`;

/**
 * Reads Vite's manifest and lists, per entry, its script, every stylesheet (and their text), the
 * chunks to preload and the locale catalogs' chunks. `eager`: the module the entry imports right
 * after the first paint (the storefront's app, an entry of its own), counted as the entry's graph.
 */
export function readAssets(clientDir: string): { storefront: EntryAssets; admin: EntryAssets } {
  const manifest = readManifest(clientDir);
  const collect = (key: string, withCss: boolean, eager: string[] = []): EntryAssets => {
    const entry = manifest[key];
    if (!entry) throw new Error(`entry ${key} missing from the client build`);
    const css = new Set<string>();
    const preload = new Set<string>();
    const seen = new Set<string>();
    const walk = (k: string) => {
      if (seen.has(k)) return;
      seen.add(k);
      const chunk = manifest[k];
      if (!chunk) return;
      for (const c of chunk.css ?? []) css.add(`/${c}`);
      if (k !== key) preload.add(`/${chunk.file}`);
      for (const i of chunk.imports ?? []) walk(i);
    };
    walk(key);
    for (const k of eager) walk(k);
    if (withCss) for (const k of SERVER_RENDERED_CHUNKS) for (const c of manifest[k]?.css ?? []) css.add(`/${c}`);
    const catalogs: Partial<Record<Locale, string>> = {};
    for (const locale of LOCALES) {
      const chunk = manifest[catalogModule(locale)];
      if (chunk) catalogs[locale] = `/${chunk.file}`;
    }
    const cssText = withCss ? [...css].map((href) => readFileSync(join(clientDir, href)).toString('utf8').trim()).join('\n') : '';
    const app = eager[0] ? manifest[eager[0]]?.file : undefined;
    return {
      script: `/${entry.file}`,
      css: [...css],
      preload: [...preload],
      cssText,
      ...(cssText ? { sheet: prepareSheet(cssText) } : {}),
      catalogs,
      ...(app ? { app: `/${app}` } : {}),
    };
  };
  const consent = manifest[CONSENT_ENTRY]?.file;
  const storefront = collect(STOREFRONT_ENTRY, true, [STOREFRONT_APP]);
  return { storefront: consent ? { ...storefront, consent: `/${consent}` } : storefront, admin: collect(ADMIN_ENTRY, false) };
}
