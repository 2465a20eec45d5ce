import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { uploadsDirOf } from '../../server/config.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { countRows } from './db-snapshot.ts';
import { type FileSpec, type FormFields, multipart } from './multipart.ts';
import { loginCookie, type TestApp } from './test-app.ts';

/**
 * Small request helpers over a test app, signed in as the admin: legacy calls (JSON or multipart),
 * tRPC queries and mutations over app.inject, tRPC FormData uploads over real HTTP, and looks at
 * the uploads folder and the database.
 */
export async function adminApi(t: TestApp) {
  const cookie = await loginCookie(t.app);
  const uploads = uploadsDirOf(t.config);
  /**
   * Raw SQL on the app's database. A write's invalidation is applied before it returns (on
   * PostgreSQL the notice of a pool connection arrives on the LISTEN one, asynchronously).
   */
  const sql = async <T>(q: string, params: unknown[] = []) => {
    const rows = await t.db.fork().getConnection().execute<T[]>(q, params);
    await t.app.publicCacheSynced();
    return rows;
  };
  let base: Promise<string> | undefined;
  return {
    t,
    cookie,
    /** A GET as a visitor, or with the admin's cookie. */
    get: (url: string, withCookie = false) => t.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
    /**
     * A multipart POST as a third party's form sends it (the legacy routes). Resolves once the
     * variants its images get in the background are made too (`answered` resolves at the answer).
     */
    postForm: async (url: string, fields: FormFields, files: FileSpec[] = []) => {
      const form = multipart(fields, files);
      const res = await t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, cookie } });
      await variantsIdle();
      return res;
    },
    /** The same POST, resolved at its answer, while its images' variants may still be in the making. */
    postFormAnswer: (url: string, fields: FormFields, files: FileSpec[] = []) => {
      const form = multipart(fields, files);
      return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, cookie } });
    },
    /** A tRPC query as a visitor: its result data. */
    trpcQuery: async (path: string, input?: unknown) => {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return (await t.app.inject({ method: 'GET', url: `/trpc/${path}${query}` })).json().result.data;
    },
    trpcMutation: (path: string, input: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        payload: input as object,
        headers: { cookie, 'content-type': 'application/json' },
      }),
    /** A tRPC FormData mutation over real HTTP: FormData reaches tRPC as the raw request stream, which app.inject does not provide. */
    trpcForm: async (path: string, form: FormData) => {
      base ??= t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${await base}/trpc/${path}`, { method: 'POST', body: form, headers: { cookie } });
      await variantsIdle();
      return res;
    },
    /** Files in the uploads folder: a refused request must not add one. */
    files: () => (existsSync(uploads) ? readdirSync(uploads).sort() : []),
    fileExists: (url: string) => existsSync(join(uploads, url.replace(/^\/uploads\//, ''))),
    sql,
    count: (table: string) => countRows(t.db, table),
  };
}
export type AdminApi = Awaited<ReturnType<typeof adminApi>>;
