import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeDto } from '../../shared/catalog.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const sql = (q: string) => t.db.fork().getConnection().execute(q);
  await sql(`insert into collections (id, name, slug, sort_order, active) values
    (101, 'Segunda', 'segunda', 2, true), (102, 'Primeira', 'primeira', 1, true),
    (103, 'Inativa', 'inativa', 0, false), (104, 'Vazia', 'vazia', 3, true)`);
  await sql(`insert into products (title, slug, price, collection_id, position) values
    ('F-b', 'f-b', 1, null, 1), ('F-a', 'f-a', 1, null, 0),
    ('S5', 's5', 1, 101, 4), ('S1', 's1', 1, 101, 0), ('S3', 's3', 1, 101, 2), ('S2', 's2', 1, 101, 1), ('S4', 's4', 1, 101, 3),
    ('P1', 'p1', 1, 102, 0), ('P2', 'p2', 1, 102, 1),
    ('I1', 'i1', 1, 103, 0)`);
});
afterAll(async () => {
  await t.close();
});

describe('home rules (spec §2)', () => {
  it('featured = products without a collection; one section per active, non-empty collection, first 4 by position', async () => {
    const home: HomeDto = (await t.app.inject({ method: 'GET', url: '/trpc/catalog.home' })).json().result.data;
    expect(home.featured.map((p) => p.title)).toEqual(['F-a', 'F-b']);
    expect(home.sections.map((s) => s.collection.slug)).toEqual(['primeira', 'segunda']);
    const [first, second] = home.sections;
    expect(first?.products.map((p) => p.title)).toEqual(['P1', 'P2']);
    expect(first?.has_more).toBe(false);
    expect(second?.products.map((p) => p.title)).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(second?.has_more).toBe(true);
  });
});
