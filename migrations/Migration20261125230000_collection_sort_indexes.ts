import { Migration } from '@mikro-orm/migrations';

/**
 * The collection page's sorts (src/catalog/collection-page.ts): by price, by name (the ICU root
 * collation the page sorts with) and newest first, each within a collection, so a page of a
 * sort nobody asked for before reads its 48 rows in order instead of sorting the collection
 * (products_collection_position_idx already serves the owner's order). Measured on 20,000
 * products in 40 collections (PGlite): the page's statements 5.9 → 4.1 ms of CPU.
 */
export class Migration20261125230000_collection_sort_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index products_collection_price_idx on products (collection_id, price, id);');
    this.addSql('create index products_collection_title_idx on products (collection_id, title collate "und-x-icu", id);');
    this.addSql('create index products_collection_created_idx on products (collection_id, created_at desc, id desc);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists products_collection_price_idx;');
    this.addSql('drop index if exists products_collection_title_idx;');
    this.addSql('drop index if exists products_collection_created_idx;');
  }
}
