import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** Source locale pt-BR: the spec's Portuguese texts are the message ids' source, verbatim. */
export default defineConfig({
  sourceLocale: 'pt-BR',
  locales: ['pt-BR', 'en', 'es', 'de', 'fr', 'ja'],
  fallbackLocales: { default: 'pt-BR' },
  // Separate catalogs, so a shopper's browser never downloads the admin's texts: the storefront's
  // (everything in client/ but the admin and the cookie banner), the admin's own, the banner's.
  catalogs: [
    {
      path: '<rootDir>/client/locales/{locale}',
      include: ['<rootDir>/client'],
      exclude: ['**/node_modules/**', '**/locales/**', '<rootDir>/client/admin/**', '<rootDir>/client/consent/**'],
    },
    // The cookie banner's texts (issue 18): rendered on the server only, so the storefront's catalog does not grow.
    { path: '<rootDir>/client/locales/consent/{locale}', include: ['<rootDir>/client/consent'], exclude: ['**/node_modules/**'] },
    {
      path: '<rootDir>/client/locales/admin/{locale}',
      // The storefront's footer labels are shown in the admin's footer editor too.
      include: ['<rootDir>/client/admin', '<rootDir>/client/storefront/layout/footer-labels.ts'],
      exclude: ['**/node_modules/**'],
    },
  ],
  compileNamespace: 'ts',
  // No origins: moving a text between files never changes the catalogs (and parallel work merges cleanly).
  format: formatter({ origins: false }),
});
