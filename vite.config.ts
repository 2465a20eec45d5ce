import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Client build: two entries, the server-rendered storefront and the client-rendered admin (its
 * own chunk graph, never loaded by shoppers). The SSR build (`vite build --ssr`) reuses this file.
 */
export default defineConfig({
  plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] })],
  publicDir: 'client/public',
  build: {
    outDir: 'dist/client',
    manifest: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: {
        storefront: 'client/entry-client.tsx',
        admin: 'client/admin/entry-admin.tsx',
      },
    },
  },
  ssr: { noExternal: [] },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.test.ts', 'shared/**/*.test.ts', 'server/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
