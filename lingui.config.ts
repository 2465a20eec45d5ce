import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** Texts only the server writes, outside the hydrated app: client/i18n-catalogs.ts merges them in. */
const SERVER_ONLY = ['<rootDir>/client/consent', '<rootDir>/client/storefront/whatsapp/WhatsAppFloat.tsx'];

/** Source locale pt-BR: the spec's Portuguese texts are the message ids' source, verbatim. */
export default defineConfig({
  sourceLocale: 'pt-BR',
  locales: ['pt-BR', 'en', 'es', 'de', 'fr', 'ja'],
  fallbackLocales: { default: 'pt-BR' },
  // Separate catalogs, so a shopper's browser never downloads texts it never shows: the storefront's
  // (everything in client/ but the admin and what only the server writes), the admin's own, and the
  // texts of the HTML the server writes outside the app (the cookie banner, the floating WhatsApp button).
  catalogs: [
    {
      path: '<rootDir>/client/locales/{locale}',
      include: ['<rootDir>/client'],
      exclude: ['**/node_modules/**', '**/locales/**', '<rootDir>/client/admin/**', ...SERVER_ONLY],
    },
    // Rendered on the server only (issue 18), so the storefront's catalog does not grow with them.
    { path: '<rootDir>/client/locales/server-only/{locale}', include: SERVER_ONLY, exclude: ['**/node_modules/**'] },
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
