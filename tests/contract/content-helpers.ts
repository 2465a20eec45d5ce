import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { uploadsDirOf } from '../../server/config.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/** One app per test file, signed in as the admin, with small request helpers for the content calls. */
export async function contentApp() {
  const t: TestApp = await createTestApp();
  const cookie = await loginCookie(t.app);
  const uploads = uploadsDirOf(t.config);
  return {
    t,
    cookie,
    get: (url: string, withCookie = false) => t.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
    postForm: (url: string, form: { payload: Buffer; headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, cookie } }),
    trpcQuery: async (path: string) => (await t.app.inject({ method: 'GET', url: `/trpc/${path}` })).json().result.data,
    trpcMutation: (path: string, input: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        payload: input as object,
        headers: { cookie, 'content-type': 'application/json' },
      }),
    /** Files in the uploads folder: a refused request must not add one. */
    files: () => (existsSync(uploads) ? readdirSync(uploads).sort() : []),
    fileExists: (url: string) => existsSync(join(uploads, url.replace(/^\/uploads\//, ''))),
    count: async (table: string) => {
      const [row] = await t.db.fork().getConnection().execute<{ n: string }[]>(`select count(*)::text as n from "${table}"`);
      return Number(row?.n);
    },
  };
}
export type ContentApp = Awaited<ReturnType<typeof contentApp>>;

export const png = (background = '#ff6b35') =>
  sharp({ create: { width: 40, height: 20, channels: 3, background } })
    .png()
    .toBuffer();

export const fakePng = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A multipart body as a third party's form would send it. */
export function multipart(fields: Record<string, string>, files: { field: string; name: string; data: Buffer }[] = []) {
  const boundary = '----contenttest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
