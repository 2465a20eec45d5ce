import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config.ts';
import { loadConfig } from '../../server/config.ts';
import { dbMaintenancePlugin } from '../../server/plugins/db-maintenance.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { maintainTables, type TableStats, THRESHOLDS, workFor } from '../../src/db/embedded-maintenance.ts';
import { TEST_DATABASE_URL } from '../helpers/pg.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

const stats = (over: Partial<TableStats>): TableStats => ({
  table: 'products',
  tuples: 10_000,
  pages: 500,
  lastPages: 500,
  allVisible: 500,
  dead: 0,
  inserted: 0,
  modified: 0,
  analyzed: true,
  xidAge: 5_000,
  mxidAge: 0,
  ...over,
});

describe("the embedded database's autovacuum rules", () => {
  it("vacuums past autovacuum's thresholds: dead rows, inserted rows", () => {
    const deadLimit = THRESHOLDS.vacuum.base + THRESHOLDS.vacuum.share * 10_000;
    expect(workFor(stats({ dead: deadLimit }), false)).toBeNull();
    expect(workFor(stats({ dead: deadLimit + 1 }), false)).toEqual({ table: 'products', vacuum: true, analyze: false });
    const insertLimit = THRESHOLDS.insertVacuum.base + THRESHOLDS.insertVacuum.share * 10_000;
    expect(workFor(stats({ inserted: insertLimit }), false)).toBeNull();
    expect(workFor(stats({ inserted: insertLimit + 1 }), false)?.vacuum).toBe(true);
  });

  it('analyzes past the changed-rows threshold, and a table that has rows but no statistics', () => {
    const limit = THRESHOLDS.analyze.base + THRESHOLDS.analyze.share * 10_000;
    expect(workFor(stats({ modified: limit }), false)).toBeNull();
    expect(workFor(stats({ modified: limit + 1 }), false)).toEqual({ table: 'products', vacuum: false, analyze: true });
    expect(workFor(stats({ analyzed: false }), false)).toEqual({ table: 'products', vacuum: false, analyze: true });
    expect(workFor(stats({ analyzed: false, pages: 0, tuples: -1 }), false)).toBeNull();
    expect(workFor(stats({ analyzed: false, pages: 3, tuples: -1 }), false)?.analyze).toBe(true);
    // Emptied: its last vacuum counted no row, so there is nothing to gather.
    expect(workFor(stats({ analyzed: false, pages: 3, tuples: 0 }), false)).toBeNull();
  });

  it("a process's first pass (its counters at zero) judges a table by its size since its last vacuum or analyze", () => {
    // Unchanged since: nothing, however big.
    expect(workFor(stats({}), true)).toBeNull();
    // Grown past the analyze share: new pages the visibility map does not cover, statistics of fewer rows.
    const grown = 500 + THRESHOLDS.analyze.share * 500;
    expect(workFor(stats({ pages: grown }), true)).toEqual({ table: 'products', vacuum: true, analyze: false });
    expect(workFor(stats({ pages: grown + 1 }), true)).toEqual({ table: 'products', vacuum: true, analyze: true });
    // Shrunk past it (a vacuum truncated it, its pages all-visible): analyzed only.
    expect(workFor(stats({ pages: 440, allVisible: 440 }), true)).toEqual({ table: 'products', vacuum: false, analyze: true });
    // Its last vacuum or analyze left pages not all-visible: vacuumed.
    expect(workFor(stats({ allVisible: 200 }), true)).toEqual({ table: 'products', vacuum: true, analyze: false });
    // Small tables are left to the counters.
    expect(workFor(stats({ pages: THRESHOLDS.firstPassMinPages - 1, lastPages: 1, allVisible: 0 }), true)).toBeNull();
    // The same figures outside a first pass: nothing (the counters tell).
    expect(workFor(stats({ pages: grown + 1, allVisible: 200 }), false)).toBeNull();
  });

  it("vacuums a table whose oldest transaction ids near autovacuum's freeze limits, however quiet", () => {
    expect(workFor(stats({ xidAge: THRESHOLDS.freezeMaxAge }), false)).toBeNull();
    expect(workFor(stats({ xidAge: THRESHOLDS.freezeMaxAge + 1, pages: 1 }), false)).toEqual({
      table: 'products',
      vacuum: true,
      analyze: false,
    });
    expect(workFor(stats({ mxidAge: THRESHOLDS.multixactFreezeMaxAge + 1 }), false)?.vacuum).toBe(true);
  });

  it('a command that fails is reported and the pass goes on with the next table; a locked table is skipped, not waited for', async () => {
    const tables = [stats({ table: 'a', dead: 10_000 }), stats({ table: 'b', dead: 10_000, modified: 10_000 })];
    const sent: string[] = [];
    const sql = {
      query: async <T>() => tables as T[],
      exec: async (command: string) => {
        sent.push(command);
        if (command.includes('"a"')) throw new Error('permission denied');
      },
    };
    const done = await maintainTables(sql, false);
    expect(sent).toEqual(['vacuum (skip_locked) "a"', 'vacuum (skip_locked, analyze) "b"']);
    expect(done).toEqual([
      expect.objectContaining({ table: 'a', vacuum: true, error: 'permission denied' }),
      expect.objectContaining({ table: 'b', vacuum: true, analyze: true }),
    ]);
    expect(done[1]).not.toHaveProperty('error');
  });

  it('a table never vacuumed nor analyzed (reltuples -1) counts as empty', () => {
    expect(workFor(stats({ tuples: -1, inserted: THRESHOLDS.insertVacuum.base + 1, analyzed: false }), false)).toEqual({
      table: 'products',
      vacuum: true,
      analyze: true,
    });
  });
});

type Table = { pages: number; visible: number; tuples: number; stats: number; dead: number };

describe.skipIf(!!TEST_DATABASE_URL)('PGlite: vacuum and analyze as autovacuum would', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  const products = async (): Promise<Table> => {
    // A session reports its counters at most once a second, unless told to at its next statement.
    await db.fork().getConnection().execute('select pg_stat_force_next_flush()');
    const [row] = await db
      .fork()
      .getConnection()
      .execute<Table[]>(
        `select c.relpages as pages, c.relallvisible as visible, c.reltuples::float8 as tuples,
              (select count(*) from pg_statistic s where s.starelid = c.oid)::int as stats,
              (select n_dead_tup from pg_stat_user_tables where relid = c.oid)::int as dead
         from pg_class c where c.relname = 'products' and c.relnamespace = current_schema()::regnamespace`,
      );
    if (!row) throw new Error('no products table');
    return row;
  };

  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase());
    await db
      .fork()
      .getConnection()
      .execute(
        `insert into products (title, slug, description, price)
         select 'Produto ' || i, 'produto-' || i, repeat('descrição ', 20), 10 + i % 300 from generate_series(1, 3000) i`,
      );
  });
  afterAll(async () => {
    await dispose();
  });

  it('the first pass vacuums and analyzes an imported table; the planner then knows its rows', async () => {
    const before = await products();
    expect(before.stats).toBe(0);
    expect(before.visible).toBe(0);
    const done = await db.maintain();
    expect(done.find((d) => d.table === 'products')).toMatchObject({ vacuum: true, analyze: true });
    for (const d of done) expect(d.ms).toBeGreaterThanOrEqual(0);
    const after = await products();
    expect(after.tuples).toBe(3000);
    expect(after.stats).toBeGreaterThan(0);
    expect(after.pages).toBeGreaterThan(0);
    expect(after.visible).toBe(after.pages);
  });

  it('a second pass with nothing due does nothing', async () => {
    expect(await db.maintain()).toEqual([]);
  });

  it('a pass told to stop (the server closing) starts no table', async () => {
    await db.fork().getConnection().execute('update products set price = price + 1 where id % 3 = 1');
    await products();
    const stop = new AbortController();
    stop.abort();
    expect(await db.maintain(stop.signal)).toEqual([]);
    // Not stopped, the next pass does the work.
    expect(await db.maintain()).toEqual([expect.objectContaining({ table: 'products', vacuum: true, analyze: true })]);
  });

  it('the next process (its counters at zero) leaves a table maintained before the restart alone', async () => {
    // The database as a restart finds it: a copy of its files, opened anew.
    const reopened = await openDatabase({ kind: 'memory', loadDataDir: await db.dump() });
    try {
      expect(await reopened.maintain()).toEqual([]);
    } finally {
      await reopened.close();
    }
  });

  it('the next process vacuums and analyzes a table its predecessor filled after its last pass', async () => {
    const rows = (await products()).tuples;
    await db
      .fork()
      .getConnection()
      .execute(
        `insert into products (title, slug, description, price)
         select 'Depois ' || i, 'depois-' || i, repeat('descrição ', 20), 10 from generate_series(1, ${rows / 2}) i`,
      );
    const reopened = await openDatabase({ kind: 'memory', loadDataDir: await db.dump() });
    try {
      const [counted] = await reopened
        .fork()
        .getConnection()
        .execute<{ dead: number; modified: number; inserted: number }[]>(
          `select n_dead_tup::int as dead, n_mod_since_analyze::int as modified, n_ins_since_vacuum::int as inserted
             from pg_stat_user_tables where relname = 'products'`,
        );
      expect(counted).toEqual({ dead: 0, modified: 0, inserted: 0 });
      expect((await reopened.maintain()).find((d) => d.table === 'products')).toMatchObject({ vacuum: true, analyze: true });
      const [after] = await reopened
        .fork()
        .getConnection()
        .execute<{ tuples: number; pages: number; visible: number }[]>(
          `select reltuples::float8 as tuples, relpages as pages, relallvisible as visible from pg_class
            where relname = 'products' and relnamespace = current_schema()::regnamespace`,
        );
      expect(after?.tuples).toBe(rows * 1.5);
      expect(after?.visible).toBe(after?.pages);
      expect(await reopened.maintain()).toEqual([]);
    } finally {
      await reopened.close();
    }
    // This process counted the rows itself: past the analyze threshold (not the insert vacuum's).
    await products();
    expect((await db.maintain()).find((d) => d.table === 'products')).toMatchObject({ analyze: true });
  });

  it('rows updated past the threshold: their dead versions are vacuumed and the table analyzed again', async () => {
    // 4,500 rows: vacuum past 50 + 900 dead rows, analyze past 50 + 450 changed rows.
    await db.fork().getConnection().execute('update products set price = price + 1 where id % 3 = 0');
    expect((await products()).dead).toBe(1500);
    const done = await db.maintain();
    expect(done).toEqual([expect.objectContaining({ table: 'products', vacuum: true, analyze: true })]);
    const after = await products();
    expect(after.dead).toBe(0);
    expect(after.visible).toBe(after.pages);
  });

  it('waits for a write transaction under way (a vacuum cannot run inside one) and leaves it whole', async () => {
    await db.fork().getConnection().execute('update products set price = price + 1 where id % 2 = 0');
    await products();
    let maintained: Promise<unknown> | undefined;
    const em = db.fork();
    await em.transactional(async (tx) => {
      const sql = (text: string) => tx.getConnection().execute(text, [], 'run', tx.getTransactionContext());
      await sql("update products set title = 'Durante a manutenção' where slug = 'produto-1'");
      maintained = db.maintain();
      await new Promise((r) => setTimeout(r, 50));
      await sql("update products set title = 'Depois da manutenção' where slug = 'produto-1'");
    });
    expect(await maintained).toEqual([expect.objectContaining({ table: 'products', vacuum: true })]);
    const [row] = await db.fork().getConnection().execute<{ title: string }[]>("select title from products where slug = 'produto-1'");
    expect(row?.title).toBe('Depois da manutenção');
    // Vacuumed after the commit: every page all-visible, the transaction's own updates included.
    const after = await products();
    expect(after.visible).toBe(after.pages);
  });
});

describe.skipIf(!!TEST_DATABASE_URL)('the server runs the passes when idle', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  /** A server with only the maintenance plugin, counting the passes it starts. */
  async function server(config: Partial<AppConfig>, timing: Parameters<typeof dbMaintenancePlugin>[1]) {
    const { db, dispose } = await openTestDatabase();
    const passes = { count: 0 };
    const counted: Database = {
      ...db,
      maintain: () => {
        passes.count++;
        return db.maintain();
      },
    };
    const app = Fastify();
    app.decorate('db', counted);
    app.decorate('config', { ...loadConfig({ NODE_ENV: 'test' }), ...config });
    app.addHook('onClose', dispose);
    await app.register(dbMaintenancePlugin, timing);
    await app.ready();
    apps.push(app);
    return passes;
  }
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a pass at the first idle check, then none before the gap', async () => {
    const passes = await server({ embeddedMaintenance: true }, { checkEveryMs: 20, gapMs: 60_000, idleBelow: 1.1 });
    await wait(300);
    expect(passes.count).toBe(1);
  });

  it('while the event loop stays busy a pass waits, and runs once it has waited its longest', async () => {
    const busy = await server({ embeddedMaintenance: true }, { checkEveryMs: 20, gapMs: 0, idleBelow: 0.5, maxWaitMs: 60_000 });
    // The loop kept busy from right after readiness to the end: 10 ms of work, then the next turn
    // (timers still run between), so every check interval is nearly all work even when a loaded
    // machine delays the timers (a setInterval load left idle gaps there: CI saw a pass).
    let loading = true;
    const spin = () => {
      const until = performance.now() + 10;
      while (performance.now() < until);
      if (loading) setImmediate(spin);
    };
    spin();
    await wait(300);
    loading = false;
    expect(busy.count).toBe(0);
    const late = await server({ embeddedMaintenance: true }, { checkEveryMs: 20, gapMs: 60_000, idleBelow: 0, maxWaitMs: 100 });
    await wait(1_000);
    expect(late.count).toBe(1);
  });

  it('EMBEDDED_MAINTENANCE=false: never', async () => {
    const passes = await server({ embeddedMaintenance: false }, { checkEveryMs: 20, gapMs: 0, idleBelow: 1.1 });
    await wait(300);
    expect(passes.count).toBe(0);
  });

  it('on by default outside tests, and the switch is read from the environment', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).embeddedMaintenance).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).embeddedMaintenance).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', EMBEDDED_MAINTENANCE: 'false' }).embeddedMaintenance).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', EMBEDDED_MAINTENANCE: 'true' }).embeddedMaintenance).toBe(true);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL', () => {
  it("does autovacuum's work when the server runs none, and nothing when it does", async () => {
    const { db, dispose } = await openTestDatabase();
    try {
      const conn = db.fork().getConnection();
      await conn.execute("insert into products (title, slug, price) select 'P' || i, 'p-' || i, 1 from generate_series(1, 2000) i");
      const [server] = await conn.execute<{ on: boolean }[]>(
        "select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on",
      );
      const done = await db.maintain();
      if (server?.on) {
        expect(done).toEqual([]);
        return;
      }
      // This machine's PostgreSQL runs without autovacuum: the shop vacuumed and analyzed the table.
      expect(done).toContainEqual(expect.objectContaining({ table: 'products', vacuum: true, analyze: true }));
      const [table] = await conn.execute<{ pages: number; visible: number; tuples: number }[]>(
        "select relpages as pages, relallvisible as visible, reltuples::int as tuples from pg_class where oid = 'products'::regclass",
      );
      expect(table?.tuples).toBe(2000);
      expect(table?.pages).toBeGreaterThan(0);
      expect(table?.visible).toBe(table?.pages);
    } finally {
      await dispose();
    }
  });
});
