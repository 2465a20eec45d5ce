import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeIdempotencyKeys } from '../../client/admin/crud/idempotency-key.ts';
import { adminLink } from '../../client/admin/trpc-link.ts';
import { makeTrpcClient } from '../../client/trpc.ts';

/** The admin sends one Idempotency-Key per create form submission (issue 15, item 4). */
afterEach(() => vi.unstubAllGlobals());

describe('admin create forms and Idempotency-Key', () => {
  it('the same values submitted again reuse the key; other values or a settled create get a new one', () => {
    const keys = makeIdempotencyKeys();
    const first = keys.keyFor({ name: 'Inverno' });
    expect(keys.keyFor({ name: 'Inverno' })).toBe(first);
    const other = keys.keyFor({ name: 'Verão' });
    expect(other).not.toBe(first);
    keys.settled();
    expect(keys.keyFor({ name: 'Verão' })).not.toBe(other);
  });

  it('a mutation with an idempotencyKey in its context goes alone, with the Idempotency-Key header', async () => {
    const sent: { url: string; headers: Headers }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, headers: new Headers(init.headers) });
      return new Response(JSON.stringify({ result: { data: { id: 1, name: 'Inverno' } } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = makeTrpcClient(adminLink());
    await client.collections.create.mutate({ name: 'Inverno' }, { context: { idempotencyKey: 'chave-1' } });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toMatch(/^\/trpc\/collections\.create$/);
    expect(sent[0]?.headers.get('idempotency-key')).toBe('chave-1');
  });
});
