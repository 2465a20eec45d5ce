import { TRPCError } from '@trpc/server';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../server/plugins/db-unavailable.ts';
import { errorsPlugin } from '../../server/plugins/errors.ts';

/** Errors as `pg` and MikroORM raise them when the connection to PostgreSQL is lost. */
const lost = {
  // MikroORM's DriverException copies the driver error's fields, SQLSTATE `code` included.
  adminShutdown: Object.assign(new Error('terminating connection due to administrator command'), {
    name: 'DriverException',
    code: '57P01',
  }),
  terminated: new Error('Connection terminated unexpectedly'),
  refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  connectionFailure: Object.assign(new Error('connection failure'), { code: '08006' }),
  poolTimeout: new Error('timeout exceeded when trying to connect'),
};

describe('a lost database connection', () => {
  it('is recognised in every shape, also wrapped (tRPC cause), and nothing else is', () => {
    for (const err of Object.values(lost)) {
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(isDatabaseUnavailable(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err }))).toBe(true);
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('answers 503 with Retry-After in the shop format, where any other error stays a 500', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/lost', async () => {
      throw lost.adminShutdown;
    });
    app.get('/bug', async () => {
      throw new Error('bug');
    });
    const res = await app.inject('/lost');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: DB_UNAVAILABLE_MESSAGE });
    expect((await app.inject('/bug')).statusCode).toBe(500);
    await app.close();
  });
});
