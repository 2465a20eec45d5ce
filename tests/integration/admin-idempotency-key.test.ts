import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeIdempotencyKeys, signature } from '../../client/admin/crud/idempotency-key.ts';
import { adminLink } from '../../client/admin/trpc-link.ts';
import { makeTrpcClient } from '../../client/trpc.ts';

/** The admin sends an Idempotency-Key with every mutation, kept until it succeeds (issue 15, item 4). */
afterEach(() => vi.unstubAllGlobals());

/** A fetch stand-in that records what was sent and answers `status` (then 200 once `failures` ran out). */
function stubFetch(failures = 0) {
  const sent: { url: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, headers: new Headers(init.headers) });
    if (sent.length <= failures) {
      return new Response(
        JSON.stringify({ error: { message: 'Serviço temporariamente indisponível.', code: -32603, data: { httpStatus: 503 } } }),
        {
          status: 503,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    return new Response(JSON.stringify({ result: { data: { id: 1, name: 'Inverno' } } }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

describe('admin mutations and Idempotency-Key', () => {
  it('the same request again reuses the key until it succeeds; another request, or after a success, a new one', () => {
    const keys = makeIdempotencyKeys();
    const a = signature({ name: 'Inverno' });
    const first = keys.keyFor(a);
    expect(keys.keyFor(a)).toBe(first);
    const other = keys.keyFor(signature({ name: 'Verão' }));
    expect(other).not.toBe(first);
    expect(keys.keyFor(a)).toBe(first); // another request meanwhile does not lose the first one's key
    keys.settled(a);
    expect(keys.keyFor(a)).not.toBe(first);
  });

  it('a FormData reads as its fields and files (name, size, date), not as {}', () => {
    const form = (name: string) => {
      const f = new FormData();
      f.append('product_id', '7');
      f.append('files', new File(['abc'], name, { type: 'image/png', lastModified: 1 }));
      return f;
    };
    expect(signature(form('a.png'))).toBe(signature(form('a.png')));
    expect(signature(form('a.png'))).not.toBe(signature(form('b.png')));
  });

  it('a mutation goes alone with an Idempotency-Key; its retry after a 503 carries the same key, the next create a new one', async () => {
    const sent = stubFetch(1);
    const client = makeTrpcClient(adminLink());
    await expect(client.collections.create.mutate({ name: 'Inverno' })).rejects.toThrow();
    await client.collections.create.mutate({ name: 'Inverno' });
    await client.collections.create.mutate({ name: 'Inverno' });
    expect(sent.map((s) => s.url)).toEqual(['/trpc/collections.create', '/trpc/collections.create', '/trpc/collections.create']);
    const [failed, retried, next] = sent.map((s) => s.headers.get('idempotency-key'));
    expect(failed).toMatch(/^[0-9a-f-]{36}$/);
    expect(retried).toBe(failed);
    expect(next).not.toBe(failed);
  });

  it('an explicit idempotencyKey in the context is sent as it is', async () => {
    const sent = stubFetch();
    const client = makeTrpcClient(adminLink());
    await client.collections.create.mutate({ name: 'Inverno' }, { context: { idempotencyKey: 'chave-1' } });
    expect(sent[0]?.headers.get('idempotency-key')).toBe('chave-1');
  });

  it('queries are batched and carry no key', async () => {
    const sent: { url: string; headers: Headers }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, headers: new Headers(init.headers) });
      return new Response(JSON.stringify([{ result: { data: [] } }]), { headers: { 'content-type': 'application/json' } });
    });
    await makeTrpcClient(adminLink()).collections.list.query();
    expect(sent[0]?.url).toMatch(/^\/trpc\/collections\.list\?batch=1/);
    expect(sent[0]?.headers.get('idempotency-key')).toBeNull();
  });
});
