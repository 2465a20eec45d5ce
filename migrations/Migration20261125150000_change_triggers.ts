import { Migration } from '@mikro-orm/migrations';

/**
 * Every committed write to a table the storefront shows is announced by the database itself,
 * whoever made it (the shop, another instance, an operator in psql): statement-level triggers
 * `pg_notify` the channel `shop_changes` (`shop_changes_<schema>` outside the public schema) with
 * a JSON notice, delivered after commit and never for a rolled-back transaction
 * (server/public-cache/change-listener.ts hears them, tags.ts says what each drops):
 *
 * - products, product_images, reviews: `{"t":table,"p":[product ids],"c":[collection ids, null
 *   for none]}` (products: old and new collection; images: their products' collections); when that
 *   would pass 7,900 bytes (NOTIFY's payload limit is 8,000), or on TRUNCATE, `{"t":table}`: the
 *   whole table may have changed;
 * - every other public table: `{"t":table}`;
 * - statements that touched no row say nothing; sessions, admin users, sign-in throttling, idempotency keys (a later migration) and the
 *   migrations table have no trigger: they never reach a public page.
 */
const ROW_TABLES = ['products', 'product_images', 'reviews'];
const TABLES = ['settings', 'collections', 'banners', 'top_headers', 'footer_icons', 'footer_sections', 'footer_links', 'slug_history'];

const triggers = (table: string, fn: string) => [
  `create trigger shop_changes_insert after insert on ${table} referencing new table as new_rows for each statement execute function ${fn}()`,
  `create trigger shop_changes_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
  `create trigger shop_changes_delete after delete on ${table} referencing old table as old_rows for each statement execute function ${fn}()`,
  `create trigger shop_changes_truncate after truncate on ${table} for each statement execute function ${fn}()`,
];

export class Migration20261125150000_change_triggers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create function shop_notify_change(tbl text, schema_name text, p jsonb, c jsonb) returns void language plpgsql as $fn$
declare
  channel text := case when schema_name = 'public' then 'shop_changes'
                  else left('shop_changes_' || lower(regexp_replace(schema_name, '\\W', '_', 'g')), 63) end;
  payload text := jsonb_strip_nulls(jsonb_build_object('t', tbl, 'p', p, 'c', c))::text;
begin
  if octet_length(payload) > 7900 then
    payload := jsonb_build_object('t', tbl)::text;
  end if;
  perform pg_notify(channel, payload);
end
$fn$`);

    this.addSql(`
create function shop_changed_rows() returns trigger language plpgsql as $fn$
declare
  p jsonb;
  c jsonb;
begin
  if TG_OP = 'TRUNCATE' then
    perform shop_notify_change(TG_TABLE_NAME, TG_TABLE_SCHEMA, null, null);
    return null;
  end if;
  if TG_TABLE_NAME = 'products' then
    if TG_OP = 'INSERT' then
      select jsonb_agg(distinct id), jsonb_agg(distinct collection_id) into p, c from new_rows;
    elsif TG_OP = 'UPDATE' then
      select jsonb_agg(distinct id), jsonb_agg(distinct collection_id) into p, c
        from (select id, collection_id from old_rows union all select id, collection_id from new_rows) r;
    else
      select jsonb_agg(distinct id), jsonb_agg(distinct collection_id) into p, c from old_rows;
    end if;
  else
    if TG_OP = 'INSERT' then
      select jsonb_agg(distinct product_id) into p from new_rows;
    elsif TG_OP = 'UPDATE' then
      select jsonb_agg(distinct product_id) into p
        from (select product_id from old_rows union all select product_id from new_rows) r;
    else
      select jsonb_agg(distinct product_id) into p from old_rows;
    end if;
    -- A gallery is shown wherever its product is: its collection's listing too. (A product deleted
    -- in the same statement is gone here; its own trigger names its collection.)
    if TG_TABLE_NAME = 'product_images' and p is not null then
      execute format('select jsonb_agg(distinct collection_id) from %I.products where id in (select (jsonb_array_elements_text($1))::int)', TG_TABLE_SCHEMA)
        into c using p;
      c := coalesce(c, '[]'::jsonb);
    end if;
  end if;
  if p is not null then
    perform shop_notify_change(TG_TABLE_NAME, TG_TABLE_SCHEMA, p, c);
  end if;
  return null;
end
$fn$`);

    this.addSql(`
create function shop_changed_table() returns trigger language plpgsql as $fn$
declare
  touched boolean := true;
begin
  if TG_OP = 'INSERT' or TG_OP = 'UPDATE' then
    touched := exists (select from new_rows);
  elsif TG_OP = 'DELETE' then
    touched := exists (select from old_rows);
  end if;
  if touched then
    perform shop_notify_change(TG_TABLE_NAME, TG_TABLE_SCHEMA, null, null);
  end if;
  return null;
end
$fn$`);

    for (const t of ROW_TABLES) for (const sql of triggers(t, 'shop_changed_rows')) this.addSql(sql);
    for (const t of TABLES) for (const sql of triggers(t, 'shop_changed_table')) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const t of [...ROW_TABLES, ...TABLES]) {
      for (const op of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists shop_changes_${op} on ${t}`);
    }
    this.addSql('drop function if exists shop_changed_rows()');
    this.addSql('drop function if exists shop_changed_table()');
    this.addSql('drop function if exists shop_notify_change(text, text, jsonb, jsonb)');
  }
}
