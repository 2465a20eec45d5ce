import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepThrottle } from '../../src/auth/throttle-store.ts';
import { isPublicWrite, writtenTables } from '../../src/db/write-watch.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The write watch finds the tables a data-modifying WITH writes: the hourly sign-in throttle sweep
 * (`with gone as (delete from auth_throttle …) select count(*) from gone`) leaves the public cache
 * alone, a WITH that writes a public table empties it. Shapes it cannot read still count as writes.
 */
describe('the target tables of a statement', () => {
  it('a WITH whose data-modifying parts write private tables only is no public write', () => {
    const sweep = `with gone as (
       delete from auth_throttle
        where (kind = 'rate' and updated_at < now() - interval '1 hour')
           or (updated_at < now() - 86400000 * interval '1 millisecond' and (blocked_until is null or blocked_until < now()))
       returning 1)
     select count(*)::int as n from gone`;
    expect(writtenTables(sweep)).toEqual(['auth_throttle']);
    expect(isPublicWrite(sweep)).toBe(false);
    expect(isPublicWrite('WITH RECURSIVE "old" AS MATERIALIZED (DELETE FROM "public"."sessions" RETURNING 1) SELECT 1 FROM "old"')).toBe(
      false,
    );
    expect(
      isPublicWrite({ sql: 'with a as (select 1), b as not materialized (delete from sessions returning 1) select * from a, b' }),
    ).toBe(false);
  });

  it('a WITH writing a public table, in a part or in its main statement, is a public write', () => {
    expect(writtenTables('with x as (update products set title = title returning id) select count(*) from x')).toEqual(['products']);
    expect(isPublicWrite('with x as (select 1) delete from "public"."banners" where id in (select * from x)')).toBe(true);
    expect(isPublicWrite("with x as (delete from sessions returning 1) insert into collections (name) select 'x' from x")).toBe(true);
    expect(
      isPublicWrite(
        "with s as (delete from auth_throttle returning 1), p as (insert into top_headers (text) values ('a') returning 1) select 1",
      ),
    ).toBe(true);
  });

  it('literals and comments hide nothing and fake nothing', () => {
    expect(isPublicWrite("with x as (select ';delete from products' as t) select * from x")).toBe(false);
    expect(isPublicWrite("with x as (select 'a)' as t), y as (delete from products returning 1) select 1")).toBe(true);
    expect(isPublicWrite('with x as (select $q$ ) , y as (delete $q$ as t) select * from x')).toBe(false);
    expect(isPublicWrite("with x as (select E'\\') delete from products' as t) select 1")).toBe(false);
    expect(isPublicWrite('/* a */ with x as (delete from sessions returning 1) -- b\n select 1')).toBe(false);
    expect(isPublicWrite('with "a)b" as (delete from auth_throttle returning 1) select 1')).toBe(false);
  });

  it('unknown or unreadable shapes, and several statements, count as written when any part may be', () => {
    expect(isPublicWrite('with x as (select 1) search depth first by a set b select 1')).toBe(true);
    expect(isPublicWrite("with x as (delete from sessions returning 'unterminated) select 1")).toBe(true);
    expect(isPublicWrite('with x as (delete from sessions returning 1)')).toBe(true);
    expect(isPublicWrite('select 1; delete from products')).toBe(true);
    expect(isPublicWrite('truncate sessions, products')).toBe(true);
    expect(isPublicWrite('merge into products using x on true when matched then delete')).toBe(true);
    expect(isPublicWrite('delete from sessions where id = ?; delete from auth_throttle')).toBe(false);
    expect(isPublicWrite('select pg_notify(?, ?)')).toBe(false);
  });
});

describe('the public cache and the sign-in throttle sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the sweep (a WITH deleting from auth_throttle) leaves the cache generation alone', async () => {
    await t.db
      .fork()
      .getConnection()
      .execute(
        "insert into auth_throttle (kind, key, count, window_start, updated_at) values ('rate', 'x', 1, now(), now() - interval '2 hours')",
      );
    const generation = t.app.publicCache.generation;
    expect(await sweepThrottle(t.db.fork())).toBe(1);
    expect(t.app.publicCache.generation).toBe(generation);
  });

  it('a WITH writing a public table bumps it, also inside a transaction (after the commit)', async () => {
    const generation = t.app.publicCache.generation;
    await t.db.fork().getConnection().execute('with x as (update settings set site_title = site_title returning 1) select count(*) from x');
    expect(t.app.publicCache.generation).toBeGreaterThan(generation);
    const before = t.app.publicCache.generation;
    const em = t.db.fork();
    await em.transactional(async (tx) => {
      await tx
        .getConnection()
        .execute('with x as (select 1) update settings set site_title = site_title', [], 'run', tx.getTransactionContext());
      expect(t.app.publicCache.generation).toBe(before);
    });
    expect(t.app.publicCache.generation).toBeGreaterThan(before);
  });
});
