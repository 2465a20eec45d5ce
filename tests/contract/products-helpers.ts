import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { uploadsDirOf } from '../../server/config.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

type Fields = Record<string, string | number>;
type FileSpec = { field: string; name: string; data: Buffer; type?: string };

/** A FormData as a browser or a third party's form sends it. */
export function formData(fields: Fields, files: FileSpec[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files) form.append(f.field, new File([new Uint8Array(f.data)], f.name, { type: f.type ?? 'image/png' }));
  return form;
}

/** The same form encoded as a multipart body for app.inject (the legacy routes). */
export async function multipart(fields: Fields, files: FileSpec[] = []) {
  const req = new Request('http://test/', { method: 'POST', body: formData(fields, files) });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type') ?? '' } };
}

export const image = (format: 'png' | 'jpeg' | 'webp' = 'png', background = '#ff6b35') =>
  sharp({ create: { width: 32, height: 24, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** SVG with a script, named and typed as a PNG: must be refused by content. */
export const fakePng = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** One app per test file, signed in as the admin, with small request helpers. */
export async function productsApp() {
  const t: TestApp = await createTestApp();
  const cookie = await loginCookie(t.app);
  const uploads = uploadsDirOf(t.config);
  const sql = <T>(q: string, params: unknown[] = []) => t.db.fork().getConnection().execute<T[]>(q, params);
  return {
    t,
    cookie,
    get: (url: string) => t.app.inject({ method: 'GET', url }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
    postForm: async (url: string, fields: Fields, files: FileSpec[] = []) => {
      const form = await multipart(fields, files);
      return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, cookie } });
    },
    trpcGet: async (path: string, input: unknown) =>
      (await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` })).json(),
    trpcPost: (path: string, input: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        payload: input as object,
        headers: { cookie, 'content-type': 'application/json' },
      }),
    /** Files in the uploads folder: a refused request must not add one. */
    files: () => (existsSync(uploads) ? readdirSync(uploads).sort() : []),
    fileExists: (url: string) => existsSync(join(uploads, url.replace(/^\/uploads\//, ''))),
    sql,
    count: async (table: string) => Number((await sql<{ n: string }>(`select count(*)::text as n from "${table}"`))[0]?.n),
  };
}
export type ProductsApp = Awaited<ReturnType<typeof productsApp>>;

export const UPLOAD_URL = /^\/uploads\/[0-9a-f-]{36}\.(png|jpg|webp)$/;
