import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter, createCaller } from '../../server/trpc/router.ts';
import { contextFor } from '../helpers/context.ts';
import { dbSnapshot } from '../helpers/db-snapshot.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Row counts of every table: an anonymous admin call must leave them all unchanged. */
const snapshot = () => dbSnapshot(t.db);

describe('every route and procedure has a written policy', () => {
  it('Fastify: each registered route declares public or admin', () => {
    const missing = t.app.routeList
      .filter((r) => r.method !== 'HEAD' && !['public', 'admin'].includes((r.config as { policy?: string } | undefined)?.policy ?? ''))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(t.app.routeList.length).toBeGreaterThan(10);
  });

  it('tRPC: each procedure declares public or admin', () => {
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { policy?: string } } }>);
    const missing = procedures.filter(([, p]) => !['public', 'admin'].includes(p._def.meta?.policy ?? '')).map(([path]) => path);
    expect(missing).toEqual([]);
  });

  it('Fastify: every admin route answers 401 to an anonymous caller and changes nothing', async () => {
    const admin = t.app.routeList.filter((r) => r.method !== 'HEAD' && (r.config as { policy?: string } | undefined)?.policy === 'admin');
    expect(admin.length).toBeGreaterThan(5);
    const before = await snapshot();
    for (const r of admin) {
      const method = (Array.isArray(r.method) ? r.method[0] : r.method) as 'GET' | 'POST';
      const res = await t.app.inject({
        method,
        url: `${r.url}?id=1`,
        payload: method === 'POST' ? { id: 1, name: 'x', title: 'x' } : undefined,
      });
      expect(res.statusCode, `${method} ${r.url}`).toBe(401);
      expect(res.json(), r.url).toHaveProperty('error');
    }
    expect(await snapshot()).toBe(before);
  });

  it('tRPC: every admin procedure refuses an anonymous caller and changes nothing', async () => {
    const caller = createCaller({ app: contextFor(t.db), http: null }) as unknown as Record<
      string,
      Record<string, (input?: unknown) => Promise<unknown>>
    >;
    const before = await snapshot();
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { policy?: string } } }>);
    const admin = procedures.filter(([, p]) => p._def.meta?.policy === 'admin');
    expect(admin.length).toBeGreaterThan(5);
    for (const [path] of admin) {
      const [ns = '', name = ''] = path.split('.');
      const fn = caller[ns]?.[name];
      await expect(fn?.({ id: 1 }), path).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await snapshot()).toBe(before);
  });
});
