import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { serverHashKey } from './query-client.ts';

describe('serverHashKey', () => {
  it("is TanStack's own hash of the key, whatever the order of an object's keys", () => {
    const key = [['catalog', 'collectionPage'], { input: { slug: 'camisetas', sort: 'nome' }, type: 'query' }] as const;
    const reordered = [['catalog', 'collectionPage'], { type: 'query', input: { sort: 'nome', slug: 'camisetas' } }] as const;
    expect(serverHashKey(key)).toBe(hashKey(key));
    expect(serverHashKey(reordered)).toBe(hashKey(key));
  });

  it('leaves the key as it was: its items, its length, its JSON, equal to a key never hashed', () => {
    const make = () => [['catalog', 'productPage'], { input: { slug: 'camiseta-basica' }, type: 'query' }];
    const key = make();
    const json = JSON.stringify(key);
    const first = serverHashKey(key);
    expect(serverHashKey(key)).toBe(first);
    expect(key).toHaveLength(2);
    expect(Object.keys(key)).toEqual(['0', '1']);
    expect(JSON.stringify(key)).toBe(json);
    expect(key).toEqual(make());
    expect(key).toStrictEqual(make());
  });

  it('hashes a frozen key too', () => {
    const key = Object.freeze([['settings', 'get'], { type: 'query' }]);
    expect(serverHashKey(key)).toBe(hashKey(key));
    expect(serverHashKey(key)).toBe(hashKey(key));
  });
});
