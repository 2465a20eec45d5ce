import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

describe('store lock', () => {
  it('a locked store gives visitors no content from any public list; an admin still reads them', async () => {
    const lock = await c.post('/settings/update.php', { store_locked: 1, store_unlock_password: 'abre-te-sesamo' });
    expect(lock.statusCode).toBe(200);
    try {
      for (const url of [
        '/api/banners/list.php',
        '/api/top_headers/list.php',
        '/api/footer_icons/list.php',
        '/api/footer_sections/list.php',
      ]) {
        const res = await c.get(url);
        expect(res.statusCode, url).toBe(423);
        expect(res.json(), url).toEqual({ error: 'Loja bloqueada' });
        expect((await c.get(url, true)).statusCode, url).toBe(200);
      }
      for (const path of ['banners.list', 'topHeaders.list', 'footer.icons', 'footer.sections', 'content.layout']) {
        expect((await c.t.app.inject({ method: 'GET', url: `/trpc/${path}` })).statusCode, path).toBe(403);
      }
    } finally {
      await c.post('/settings/update.php', { store_locked: 0 });
    }
  });
});
