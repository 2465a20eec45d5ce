import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** Source locale pt-BR: the spec's Portuguese texts are the message ids' source, verbatim. */
export default defineConfig({
  sourceLocale: 'pt-BR',
  locales: ['pt-BR', 'en', 'es', 'de', 'fr', 'ja'],
  fallbackLocales: { default: 'pt-BR' },
  catalogs: [
    {
      path: '<rootDir>/client/locales/{locale}',
      include: ['<rootDir>/client'],
      exclude: ['**/node_modules/**', '**/locales/**'],
    },
  ],
  compileNamespace: 'ts',
  // No origins: moving a text between files never changes the catalogs (and parallel work merges cleanly).
  format: formatter({ origins: false }),
});
