import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite copies its whole map of result parsers for every statement (`{...this.parsers,
 * ...options.parsers}`, then again when it reads the rows), and as it opens it adds a parser for
 * the array of every type in `pg_type`: 335 entries on the shop's database, 294 of them for arrays
 * of types that have no parser of their own (the system catalogues' and the tables' row types),
 * which would only split an array literal into strings. The copies were 120 KB of garbage per
 * statement, an eighth of all a product page never asked before allocates, and a product page's
 * statement took 0.23-0.26 ms of CPU against 0.15-0.16 ms with the map cut to the types that have
 * a parser and their arrays (3,000 executions, three rounds each way, 20,000 products, 2026-11-28).
 *
 * Kept: every parser PGlite and MikroORM give (int8, numeric, json, dates, …) and the parser of
 * the array of each of those types, so `text[]`, `int4[]` or `json[]` come back as arrays as before.
 * An array of any other type comes back as PostgreSQL's text for it; the shop selects none.
 * PGlite fills the map once, as it opens (`refreshArrayTypes` would fill it again; nothing calls it).
 * Done here, not in PGlite: the map is its public `parsers` field, and PGlite takes no option to
 * leave the arrays out.
 */
export async function trimArrayParsers(pglite: PGlite): Promise<void> {
  const { rows } = await pglite.query<{ elem: number; arr: number }>(
    `select b.oid::int as elem, b.typarray::int as arr
       from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
      where a.typcategory = 'A'`,
  );
  const arrays = new Map(rows.map((r) => [r.arr, r.elem]));
  const kept: PGlite['parsers'] = {};
  for (const [key, parse] of Object.entries(pglite.parsers)) {
    const elem = arrays.get(Number(key));
    if (elem === undefined || Object.hasOwn(pglite.parsers, elem)) kept[key] = parse;
  }
  pglite.parsers = kept;
}
