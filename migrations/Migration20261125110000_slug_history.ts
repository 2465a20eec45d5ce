import { Migration } from '@mikro-orm/migrations';

/**
 * Slugs a product or collection had before a rename, so shared and indexed links keep working
 * (301 to the current URL). One row per (kind, old slug), pointing at its owner; deleting the owner
 * deletes its history (cascade). A slug a live product or collection uses again belongs to it:
 * the services drop the history row when a slug is taken.
 */
export class Migration20261125110000_slug_history extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table slug_history (
  id serial primary key,
  kind varchar(16) not null check (kind in ('product', 'collection')),
  slug varchar(300) not null,
  product_id integer references products (id) on delete cascade,
  collection_id integer references collections (id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (kind, slug),
  check ((kind = 'product' and product_id is not null and collection_id is null)
      or (kind = 'collection' and collection_id is not null and product_id is null))
);`);
    this.addSql('create index slug_history_product_id_idx on slug_history (product_id);');
    this.addSql('create index slug_history_collection_id_idx on slug_history (collection_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists slug_history;');
  }
}
