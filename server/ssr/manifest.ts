import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
export type EntryAssets = { script: string; css: string[]; preload: string[] };

/** Reads Vite's manifest and lists, per entry, its script, every stylesheet and the chunks to preload. */
export function readAssets(clientDir: string): { storefront: EntryAssets; admin: EntryAssets } {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const collect = (key: string): EntryAssets => {
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
    return { script: `/${entry.file}`, css: [...css], preload: [...preload] };
  };
  return { storefront: collect('client/entry-client.tsx'), admin: collect('client/admin/entry-admin.tsx') };
}
