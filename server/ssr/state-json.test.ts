import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { stateJson } from './state-json.ts';

/** Shaped as the shop's reads are: tRPC keys, input-less shared answers and a page's own. */
const settings = {
  site_title: 'Loja da Ana <b>',
  description: 'Coleção de verão — “ótima”\u2028linha',
  colors: ['#003e64'],
  nested: { a: 1, b: null },
};
const collections = [
  { id: 1, name: 'Camisetas', slug: 'camisetas' },
  { id: 2, name: 'Canecas', slug: 'canecas' },
];

function pageState(product: object, shared = { settings, collections }) {
  const client = new QueryClient();
  client.setQueryData([['settings', 'get'], { type: 'query' }], shared.settings);
  client.setQueryData([['catalog', 'collections'], { type: 'query' }], shared.collections);
  client.setQueryData([['content', 'layout'], { type: 'query' }], null);
  client.setQueryData([['catalog', 'productPage'], { input: { slug: 'caneca-azul' }, type: 'query' }], product);
  client.setQueryData([['reviews', 'list'], { input: { product_id: 7 }, type: 'query' }], { reviews: [], stats: { average: 0 } });
  return dehydrate(client);
}

describe('stateJson', () => {
  it('writes exactly what JSON.stringify writes, shared answers included, again and again', () => {
    for (let i = 0; i < 3; i++) {
      const state = pageState({ id: 7, title: `Caneca ${i}`, price: '29.90', images: [{ url: '/u/a.webp' }] });
      expect(stateJson(state)).toBe(JSON.stringify(state));
      expect(JSON.parse(stateJson(state))).toEqual(JSON.parse(JSON.stringify(state)));
    }
  });

  it('writes a new answer of a shared read once it replaces the old one', () => {
    const first = pageState({ id: 7 });
    expect(stateJson(first)).toContain('Loja da Ana');
    const renamed = { ...settings, site_title: 'Loja Nova' };
    const second = pageState({ id: 7 }, { settings: renamed, collections });
    expect(stateJson(second)).toBe(JSON.stringify(second));
    expect(stateJson(second)).not.toContain('Loja da Ana');
  });

  it('leaves anything that is not a dehydrated state to JSON.stringify', () => {
    for (const v of [null, 1, 'x', [1, 2], { a: 1 }, { queries: 'no' }]) expect(stateJson(v)).toBe(JSON.stringify(v));
  });
});
