import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KEY_REUSED } from '../../src/idempotency/idempotency.service.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { png } from '../helpers/images.ts';
import { type FileSpec, type FormFields, formData, multipart } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every create the admin sends is safe to retry (issue 15, item 4): the same Idempotency-Key again
 * answers the first result and creates once, on the tRPC procedure and its legacy twin alike; the
 * key with other data is refused (409) and creates nothing. Collections and products: idempotency.test.ts.
 */
let t: TestApp;
let api: AdminApi;
let base: string;
let productId: number;
let sectionId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = await adminApi(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const c of COLOURS) pngs.set(c, await png(`#${c}`));
  productId = (await api.post('/api/products/create.php', { title: 'Caneca', price: '19.90' })).json().id;
  sectionId = (await api.post('/api/footer_sections/create.php', { title: 'Ajuda' })).json().id;
});
afterAll(async () => {
  await t.close();
});

/** One answer: its status and JSON body (tRPC: the result's data, or the error). */
type Answer = { status: number; body: Record<string, unknown> };

const legacyJson = async (url: string, key: string, payload: object): Promise<Answer> => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: api.cookie, 'idempotency-key': key } });
  return { status: res.statusCode, body: res.json() };
};
const legacyForm = async (url: string, key: string, fields: FormFields, files: FileSpec[]): Promise<Answer> => {
  const form = multipart(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, cookie: api.cookie, 'idempotency-key': key },
  });
  await variantsIdle();
  return { status: res.statusCode, body: res.json() };
};
const unwrap = (status: number, json: { result?: { data: Record<string, unknown> }; error?: Record<string, unknown> }): Answer => ({
  status,
  body: json.result?.data ?? json.error ?? {},
});
const trpcJson = async (path: string, key: string, input: object): Promise<Answer> => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload: input,
    headers: { cookie: api.cookie, 'content-type': 'application/json', 'idempotency-key': key },
  });
  return unwrap(res.statusCode, res.json());
};
const trpcForm = async (path: string, key: string, fields: FormFields, files: FileSpec[]): Promise<Answer> => {
  const res = await fetch(`${base}/trpc/${path}`, {
    method: 'POST',
    body: formData(fields, files),
    headers: { cookie: api.cookie, 'idempotency-key': key },
  });
  await variantsIdle();
  return unwrap(res.status, await res.json());
};

/** A valid username (letters, digits, _) per key and variant. */
const userName = (key: string, v: string) => `maria_${v}_${key.replace(/\W+/g, '_')}`.slice(0, 50);
const csv = (from: number) =>
  `nome,avaliacao,estrelas,cidade\n${[0, 1, 2, 3].map((i) => `Cliente ${from + i},Muito bom,5,Recife`).join('\n')}\n`;
const COLOURS = ['ff0000', '00ff00', '0000ff', 'aa0000', 'bb0000', 'cc0000', 'abcdef', 'fedcba'];
const pngs = new Map<string, Buffer>();
const photo = (field: string, colour: string): FileSpec => ({ field, name: `${colour}.png`, data: pngs.get(colour) as Buffer });

/**
 * Each create: its legacy URL and tRPC path, a request (`a` and, for the reused key, `b` with other
 * data), and what it adds (rows, or files for /upload.php whose result is the file alone).
 */
type Create = {
  name: string;
  legacy: (key: string, v: 'a' | 'b') => Promise<Answer>;
  trpc: (key: string, v: 'a' | 'b') => Promise<Answer>;
  added: () => Promise<number>;
};
const CREATES: Create[] = [
  {
    name: 'banners',
    legacy: async (key, v) =>
      legacyForm('/api/banners/create.php', key, { title: `Banner ${v}` }, [photo('image', v === 'a' ? 'ff0000' : '00ff00')]),
    trpc: async (key, v) => trpcForm('banners.create', key, { title: `Banner ${v}` }, [photo('image', v === 'a' ? 'ff0000' : '00ff00')]),
    added: () => api.count('banners'),
  },
  {
    name: 'top headers',
    legacy: (key, v) => legacyJson('/api/top_headers/create.php', key, { text: `Frete grátis ${v}` }),
    trpc: (key, v) => trpcJson('topHeaders.create', key, { text: `Frete grátis ${v}` }),
    added: () => api.count('top_headers'),
  },
  {
    name: 'footer sections',
    legacy: (key, v) => legacyJson('/api/footer_sections/create.php', key, { title: `Seção ${v}` }),
    trpc: (key, v) => trpcJson('footer.createSection', key, { title: `Seção ${v}` }),
    added: () => api.count('footer_sections'),
  },
  {
    name: 'footer links',
    legacy: (key, v) => legacyJson('/api/footer_links/create.php', key, { section_id: sectionId, label: `Trocas ${v}` }),
    trpc: (key, v) => trpcJson('footer.createLink', key, { section_id: sectionId, label: `Trocas ${v}` }),
    added: () => api.count('footer_links'),
  },
  {
    name: 'footer icons',
    legacy: (key, v) => legacyForm('/api/footer_icons/create.php', key, { alt_text: `Pix ${v}` }, [photo('image', '0000ff')]),
    trpc: (key, v) => trpcForm('footer.createIcon', key, { alt_text: `Pix ${v}` }, [photo('image', '0000ff')]),
    added: () => api.count('footer_icons'),
  },
  {
    name: 'review imports',
    legacy: (key, v) =>
      legacyForm('/api/reviews/import.php', key, { clear_existing: '0' }, [
        { field: 'csv', name: 'a.csv', data: csv(v === 'a' ? 0 : 10), type: 'text/csv' },
      ]),
    trpc: (key, v) =>
      trpcForm('reviews.import', key, { clear_existing: '0' }, [
        { field: 'csv', name: 'a.csv', data: csv(v === 'a' ? 0 : 10), type: 'text/csv' },
      ]),
    added: () => api.count('reviews'),
  },
  {
    name: 'users',
    legacy: (key, v) => legacyJson('/auth/create_user.php', key, { username: userName(key, v), password: 'senha-forte-123' }),
    trpc: (key, v) => trpcJson('auth.createUser', key, { username: userName(key, v), password: 'senha-forte-123' }),
    added: () => api.count('admin_users'),
  },
  {
    name: 'gallery uploads',
    legacy: (key, v) =>
      legacyForm('/api/products/images/bulk_upload.php', key, { product_id: productId }, [
        photo('files[]', 'aa0000'),
        photo('files[]', v === 'a' ? 'bb0000' : 'cc0000'),
      ]),
    trpc: (key, v) =>
      trpcForm('productImages.upload', key, { product_id: productId }, [
        photo('files', 'aa0000'),
        photo('files', v === 'a' ? 'bb0000' : 'cc0000'),
      ]),
    added: () => api.count('product_images'),
  },
  {
    name: 'image uploads (/upload.php)',
    legacy: (key, v) => legacyForm('/upload.php', key, {}, [photo('file', v === 'a' ? 'abcdef' : 'fedcba')]),
    trpc: (key, v) => trpcForm('media.upload', key, {}, [photo('file', v === 'a' ? 'abcdef' : 'fedcba')]),
    added: async () => api.files().length,
  },
];

describe.each(CREATES)('Idempotency-Key on $name', (c) => {
  it.each(['legacy', 'trpc'] as const)('%s: a retry with the same key answers the first result and creates once', async (adapter) => {
    const key = `k-${c.name.replace(/\W+/g, '-')}-${adapter}`;
    const before = await c.added();
    const first = await c[adapter](key, 'a');
    expect(first.status).toBe(200);
    const afterFirst = await c.added();
    expect(afterFirst).toBeGreaterThan(before);
    const again = await c[adapter](key, 'a');
    expect(again).toEqual(first);
    expect(await c.added()).toBe(afterFirst);
  });

  it.each(['legacy', 'trpc'] as const)('%s: the key reused with other data is refused (409) and creates nothing', async (adapter) => {
    const key = `k-${c.name.replace(/\W+/g, '-')}-reused-${adapter}`;
    expect((await c[adapter](key, 'a')).status).toBe(200);
    const before = await c.added();
    const other = await c[adapter](key, 'b');
    expect(other.status).toBe(409);
    expect(other.body[adapter === 'legacy' ? 'error' : 'message']).toBe(MESSAGE_KEY_REUSED);
    expect(await c.added()).toBe(before);
  });

  it('one key is one create whichever twin is retried', async () => {
    const key = `k-${c.name.replace(/\W+/g, '-')}-twins`;
    expect((await c.trpc(key, 'a')).status).toBe(200);
    const before = await c.added();
    const again = await c.legacy(key, 'a');
    expect(again.status).toBe(200);
    expect(await c.added()).toBe(before);
  });
});

describe('what a key keeps', () => {
  it('a user create keeps no trace of the password: the same key and username answer the first create', async () => {
    const first = await legacyJson('/auth/create_user.php', 'k-user-pw', { username: 'joana', password: 'senha-forte-123' });
    const rows = await api.sql<{ request_hash: string; response: unknown }>(
      "select request_hash, response from idempotency_keys where key = 'k-user-pw'",
    );
    expect(JSON.stringify(rows)).not.toContain('senha-forte-123');
    const again = await legacyJson('/auth/create_user.php', 'k-user-pw', { username: 'joana', password: 'outra-senha-456' });
    expect(again).toEqual(first);
  });
});
