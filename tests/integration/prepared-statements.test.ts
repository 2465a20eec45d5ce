import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executePrepared, numberedPlaceholders, preparedSends } from '../../src/db/prepared-statements.ts';
import { insertCollection } from '../helpers/fixtures.ts';
import { TEST_DATABASE_URL } from '../helpers/pg.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const id = await insertCollection(t.db, 'Roupas', 'roupas', 1);
  const conn = t.db.fork().getConnection();
  for (let i = 1; i <= 5; i++) {
    await conn.execute('insert into products (title, slug, price, collection_id) values (?, ?, ?, ?)', [
      `Produto ${i}`,
      `p-${i}`,
      `${i}0.00`,
      id,
    ]);
  }
});
afterAll(async () => {
  await t.close();
});

const SQL = 'select p.title, p.price::text as price from products p where p.price >= cast(? as numeric) order by p.price limit ?';

/** What the ORM answers for `sql` with bound `params` (its rows, or its error's message): what a prepared run must match. */
const boundAnswer = (sql: string, params: readonly unknown[]) =>
  t.db
    .fork()
    .getConnection()
    .execute(sql, [...params])
    .catch((e: Error) => e.message);
const prepared = () =>
  t.db.fork().getConnection().execute<{ name: string }[]>("select name from pg_prepared_statements where name like 'sf\\_%'");

describe('storefront statements prepared on the embedded database', () => {
  it('numbers the placeholders for PREPARE', () => {
    expect(numberedPlaceholders('select ? where a = ? and b = ?')).toBe('select $1 where a = $2 and b = $3');
  });

  it('answers what the statement answers unprepared, whatever the parameters', async () => {
    const em = t.db.fork();
    for (const params of [
      ['20', 2],
      ['35', 10],
      ['999', 1],
    ] as const) {
      expect(await executePrepared(em, SQL, params)).toEqual(await em.getConnection().execute(SQL, [...params]));
    }
  });

  it.skipIf(!!TEST_DATABASE_URL)('PGlite: prepares a statement once, however many calls, concurrent first calls included', async () => {
    const sql = `${SQL} offset 0`;
    const before = (await prepared()).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => executePrepared(t.db.fork(), sql, ['10', 3])));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toHaveLength(3);
    await executePrepared(t.db.fork(), sql, ['40', 3]);
    expect((await prepared()).length).toBe(before + 1);
  });

  it.skipIf(!!TEST_DATABASE_URL)('PGlite: a session that lost its statements prepares them again', async () => {
    await executePrepared(t.db.fork(), SQL, ['10', 1]);
    await t.db.fork().getConnection().execute('deallocate all');
    expect(await prepared()).toEqual([]);
    expect(await executePrepared(t.db.fork(), SQL, ['30', 5])).toEqual([
      { title: 'Produto 3', price: '30.00' },
      { title: 'Produto 4', price: '40.00' },
      { title: 'Produto 5', price: '50.00' },
    ]);
    expect(await prepared()).toHaveLength(1);
  });

  it.skipIf(!TEST_DATABASE_URL)('PostgreSQL: a named statement with its values bound, prepared once on its connection', async () => {
    const sql = `${SQL} offset 1`;
    for (const params of [
      ['10', 2],
      ['20', 5],
    ] as const) {
      expect(await executePrepared(t.db.fork(), sql, params)).toEqual(
        await t.db
          .fork()
          .getConnection()
          .execute(sql, [...params]),
      );
    }
    // Read on a pooled connection the way the statements go: the pool hands out its idle connection, the one that prepared it.
    const seen = await executePrepared<{ statement: string; from_sql: boolean }[]>(
      t.db.fork(),
      "select statement, from_sql from pg_prepared_statements where name like 'sf\\_%' and ? = 1",
      [1],
    );
    expect(seen).toContainEqual({ statement: numberedPlaceholders(sql), from_sql: false });
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'PostgreSQL: a connection that lost its named statement is closed, and the statement goes unnamed',
    async () => {
      const pool = new pg.Pool({ connectionString: (t.db.changes as { url: string }).url, max: 1 });
      try {
        const sql = `${SQL} offset 3`;
        expect(await preparedSends.named(pool, 'sf_lost', sql, ['10', 5])).toHaveLength(2);
        const first = await pool.query('select pg_backend_pid() as pid');
        await pool.query('deallocate all');
        // `pg` still holds it prepared on that connection: the server answers 26000, the connection goes.
        expect(await preparedSends.named(pool, 'sf_lost', sql, ['10', 5])).toBeNull();
        const after = await pool.query('select pg_backend_pid() as pid');
        expect(after.rows[0].pid).not.toBe(first.rows[0].pid);
        expect(await preparedSends.named(pool, 'sf_lost', sql, ['10', 5])).toHaveLength(2);
      } finally {
        await pool.end();
      }
    },
  );

  it("inside a transaction a statement goes through the transaction's connection and sees its writes", async () => {
    const rollback = new Error('rollback');
    await expect(
      t.db.fork().transactional(async (em) => {
        await em
          .getConnection()
          .execute("insert into products (title, slug, price) values ('No meio', 'no-meio', 99.5)", [], 'all', em.getTransactionContext());
        expect(await executePrepared(em, SQL, ['99', 5])).toEqual([{ title: 'No meio', price: '99.50' }]);
        expect(await executePrepared(em, SQL, ['99', 5], { genericPlan: true })).toEqual([{ title: 'No meio', price: '99.50' }]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await executePrepared(t.db.fork(), SQL, ['99', 5])).toEqual([]);
  });

  it("a statement outside a transaction waits for another caller's open one and never runs inside it", async () => {
    const rollback = new Error('rollback');
    let release = () => {};
    const held = new Promise<void>((ok) => {
      release = ok;
    });
    let inserted = () => {};
    const didInsert = new Promise<void>((ok) => {
      inserted = ok;
    });
    const other = t.db
      .fork()
      .transactional(async (em) => {
        await em
          .getConnection()
          .execute("insert into products (title, slug, price) values ('Sombra', 'sombra', 99.7)", [], 'all', em.getTransactionContext());
        inserted();
        await held;
        throw rollback;
      })
      .catch((e: unknown) => e);
    await didInsert;
    let answered = false;
    const read = Promise.all([
      executePrepared(t.db.fork(), SQL, ['99', 5]),
      executePrepared(t.db.fork(), SQL, ['99', 5], { genericPlan: true }),
    ]).finally(() => {
      answered = true;
    });
    await new Promise((ok) => setTimeout(ok, 100));
    // On PGlite (one session) it waits for the transaction; on PostgreSQL it runs on another connection.
    if (!TEST_DATABASE_URL) expect(answered).toBe(false);
    release();
    expect(await other).toBe(rollback);
    // Never the other caller's uncommitted row.
    expect(await read).toEqual([[], []]);
  });

  it.skipIf(!!TEST_DATABASE_URL)('PGlite: the generic plan when asked, the session left as it was, an error included', async () => {
    const sql = `${SQL} offset 2`;
    const mode = async () => (await t.db.fork().getConnection().execute<{ plan_cache_mode: string }[]>('show plan_cache_mode'))[0];
    const generic = async () =>
      (
        await t.db
          .fork()
          .getConnection()
          .execute<{ n: number }[]>("select coalesce(sum(generic_plans), 0)::int as n from pg_prepared_statements where name like 'sf\\_%'")
      )[0]?.n ?? 0;
    const before = await generic();
    for (const params of [
      ['10', 4],
      ["1'0", 2],
    ] as const) {
      const bound = await boundAnswer(sql, params);
      const answer = await executePrepared(t.db.fork(), sql, params, { genericPlan: true }).catch((e: Error) => e.message);
      expect(answer).toEqual(bound);
    }
    expect(await executePrepared(t.db.fork(), sql, ['10', 4], { genericPlan: true })).toEqual([
      { title: 'Produto 3', price: '30.00' },
      { title: 'Produto 4', price: '40.00' },
      { title: 'Produto 5', price: '50.00' },
    ]);
    expect(await generic()).toBeGreaterThan(before);
    expect(await mode()).toEqual({ plan_cache_mode: 'auto' });
    // Failing during its execution (division by zero), the statement's setting ends with it.
    await expect(executePrepared(t.db.fork(), 'select 1 / (? - 1) as x', [1], { genericPlan: true })).rejects.toThrow(/division by zero/);
    expect(await mode()).toEqual({ plan_cache_mode: 'auto' });
    // A value that cannot be written as a literal goes bound, as without the option.
    expect(await executePrepared(t.db.fork(), 'select ?::text as x', ['a\\b'], { genericPlan: true })).toEqual([{ x: 'a\\b' }]);
  });

  it.skipIf(!!TEST_DATABASE_URL)(
    'PGlite: one simple-protocol message with the values as literals, the same rows as bound ones',
    async () => {
      const sql = `${SQL} offset 1`;
      const sent = vi.spyOn(preparedSends, 'text');
      const viaOrm = vi.spyOn(t.db.fork().getConnection(), 'execute');
      try {
        for (const params of [
          ['10', 3],
          ["1'0", 2],
          ["'); drop table products; --", 1],
        ] as const) {
          const bound = await boundAnswer(sql, params);
          viaOrm.mockClear();
          expect(await executePrepared(t.db.fork(), sql, params).catch((e: Error) => e.message)).toEqual(bound);
          // Sent as one message: the ORM ran nothing for it but the first PREPARE.
          expect(viaOrm.mock.calls.map((c) => String(c[0])).filter((q) => !/^prepare /i.test(q))).toEqual([]);
        }
        expect(sent).toHaveBeenCalled();
        expect(await t.db.fork().getConnection().execute('select count(*)::int as n from products')).toEqual([{ n: 5 }]);
        // A value that cannot be written as a literal goes bound, through the ORM.
        viaOrm.mockClear();
        expect(await executePrepared(t.db.fork(), 'select ?::text as x', ['a\\b'])).toEqual([{ x: 'a\\b' }]);
        expect(viaOrm.mock.calls.some((c) => /^execute sf_/i.test(String(c[0])))).toBe(true);
      } finally {
        sent.mockRestore();
        viaOrm.mockRestore();
      }
    },
  );

  it('a statement the database refuses is an error, not a retry', async () => {
    await expect(executePrepared(t.db.fork(), 'select * from no_such_table where id = ?', [1])).rejects.toThrow(/no_such_table/);
    // and the next call with a good statement still works
    expect(await executePrepared(t.db.fork(), SQL, ['50', 1])).toEqual([{ title: 'Produto 5', price: '50.00' }]);
  });
});
