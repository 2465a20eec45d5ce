import { availableParallelism } from 'node:os';
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The runtime libraries of the storefront (the admin uses them too). */
const STOREFRONT_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack[\\/](query-core|react-query)|@trpc[\\/](client|server|tanstack-react-query)|@lingui[\\/](core|react|message-utils)|use-sync-external-store)[\\/]/;

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
        // The storefront's code, which the entry imports after the first paint (its own entry, so
        // the import is a plain one: the page already inlines its CSS and preloads its chunks).
        'storefront-app': 'client/storefront-app.tsx',
        admin: 'client/admin/entry-admin.tsx',
        // The cookie consent script: its own small file, added to pages only while a tag is configured.
        consent: 'client/consent/consent.ts',
      },
      output: {
        // The libraries both entries run on, in one long-cached chunk of their own. Everything
        // else is split by import graph, so the admin's toolkit (Mantine, zod, dnd-kit, its forms)
        // never lands in a chunk the storefront loads (tests/budget.test.ts checks it).
        codeSplitting: {
          groups: [{ name: 'vendor', test: STOREFRONT_LIBRARIES }],
        },
      },
    },
  },
  ssr: { noExternal: [] },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.test.ts', 'shared/**/*.test.ts', 'server/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'tests/fault/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores (one on a 2-core machine), but the test
    // files spend much of their time waiting on PGlite, PostgreSQL and the processes they start:
    // with a worker per core the PGlite leg took 233 s instead of 335, the PostgreSQL leg 174 s
    // instead of 269, on this 2-core machine.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
