import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Import boundaries of conventions/ARCHITECTURE.md: client imports only shared (plus the router's
 * type); src imports only shared; server imports src and shared; nothing imports server/main.ts;
 * no @mikro-orm import outside src/ and migrations/.
 */
const root = resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'locales' || name === 'node_modules') return [];
    return statSync(join(root, path)).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): { spec: string; typeOnly: boolean }[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [
    ...text.matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(['"]([^'"]+)['"]\)/gm),
  ].map((m) => ({
    spec: m[2] ?? m[3] ?? m[4] ?? '',
    typeOnly: !!m[1],
  }));
}

const topOf = (file: string, spec: string) =>
  spec.startsWith('.') ? (relative(root, resolve(root, file, '..', spec)).split('/')[0] ?? '') : null;

describe('import boundaries', () => {
  it('client imports only shared/ and client/ (and the router type)', () => {
    const bad = files('client').flatMap((f) =>
      imports(f)
        .filter(({ spec, typeOnly }) => {
          const top = topOf(f, spec);
          if (top === null) return spec.startsWith('@mikro-orm') || spec === 'fastify' || spec === 'argon2';
          return !['client', 'shared'].includes(top) && !(typeOnly && spec.endsWith('server/trpc/router.ts'));
        })
        .map(({ spec }) => `${f} -> ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('src imports only shared/ and src/, and nothing HTTP or React', () => {
    const bad = files('src').flatMap((f) =>
      imports(f)
        .filter(({ spec }) => {
          const top = topOf(f, spec);
          if (top === null) return /^(fastify|@fastify\/|@trpc\/|react|react-dom)/.test(spec);
          return !['src', 'shared', 'migrations'].includes(top);
        })
        .map(({ spec }) => `${f} -> ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('shared imports nothing but shared/ and zod', () => {
    const bad = files('shared').flatMap((f) =>
      imports(f)
        .filter(({ spec }) => (topOf(f, spec) ?? spec) !== 'shared' && spec !== 'zod')
        .map(({ spec }) => `${f} -> ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('no @mikro-orm import outside src/ and migrations/, and nobody imports server/main.ts', () => {
    const all = ['server', 'client', 'shared', 'tests', 'scripts'].flatMap(files);
    const bad = all.flatMap((f) =>
      imports(f)
        .filter(({ spec }) => spec.startsWith('@mikro-orm') || spec.endsWith('/main.ts'))
        .map(({ spec }) => `${f} -> ${spec}`),
    );
    expect(bad).toEqual([]);
  });
});
