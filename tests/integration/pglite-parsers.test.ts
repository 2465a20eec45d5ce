import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../helpers/pg.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
let t: Db;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});

const run = <T>(sql: string) => t.db.fork().getConnection().execute<T[]>(sql);

describe('result parsers', () => {
  it('gives arrays of the types it parses as arrays, and values as before, on both databases', async () => {
    const [row] = await run<Record<string, unknown>>(
      `select array['a','b']::text[] as texts, array[1,2]::int4[] as ints,
              array['{"x":1}']::json[] as docs, 12.5::numeric as num, '{"y":[1]}'::jsonb as doc, 7::int4 as n`,
    );
    expect(row).toEqual({ texts: ['a', 'b'], ints: [1, 2], docs: [{ x: 1 }], num: '12.5', doc: { y: [1] }, n: 7 });
  });

  it.skipIf(!!TEST_DATABASE_URL)(
    'PGlite: keeps no parser for arrays of types without one (row types), so a statement does not copy hundreds',
    async () => {
      const pglite = await (
        t.db.fork().getConnection() as unknown as { getNativeClient(): Promise<{ parsers: object }> }
      ).getNativeClient();
      const [{ arr }] = await run<{ arr: number }>("select typarray::int as arr from pg_type where typname = 'products'");
      expect(Object.hasOwn(pglite.parsers, arr)).toBe(false);
      const [{ count }] = await run<{ count: number }>("select count(*)::int as count from pg_type where typcategory = 'A'");
      expect(count).toBeGreaterThan(200);
      expect(Object.keys(pglite.parsers).length).toBeLessThan(60);
      // An array of a type without a parser comes back as PostgreSQL's text for it.
      const [row] = await run<{ rec: unknown }>('select array[row(1, 2)] as rec');
      expect(row?.rec).toBe('{"(1,2)"}');
    },
  );
});
