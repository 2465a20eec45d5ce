import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/locales.ts';

/** Every text has a translation in every catalog, the storefront's and the admin's (pt-BR is the source). */
const dirs = [resolve(import.meta.dirname, '..', 'client', 'locales'), resolve(import.meta.dirname, '..', 'client', 'locales', 'admin')];

function untranslated(po: string): string[] {
  const missing: string[] = [];
  for (const entry of po.split(/\n\n+/)) {
    const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
    if (!id) continue; // the header
    const strs = [...entry.matchAll(/^msgstr(?:\[\d\])? "(.*)"$/gm)].map((m) => m[1]);
    if (strs.length === 0 || strs.some((s) => !s)) missing.push(id);
  }
  return missing;
}

describe('translations', () => {
  for (const dir of dirs) {
    for (const locale of LOCALES.filter((l) => l !== 'pt-BR')) {
      it(`${locale} translates every message (${dir.endsWith('admin') ? 'admin' : 'storefront'})`, () => {
        expect(untranslated(readFileSync(join(dir, `${locale}.po`), 'utf8'))).toEqual([]);
      });
    }
  }
});
