import { Migration } from '@mikro-orm/migrations';

/**
 * The admin's product search (src/catalog/product-admin-list.ts) matches words of the title and
 * the slug. Without an index it reads every product for each keystroke (a sequential scan of
 * 20,000 rows); this GIN index on the same expression answers the match directly.
 */
export class Migration20261125130000_admin_product_search extends Migration {
  override async up(): Promise<void> {
    this.addSql("create index products_admin_search_idx on products using gin (to_tsvector('simple', title || ' ' || slug))");
  }

  override async down(): Promise<void> {
    this.addSql('drop index products_admin_search_idx');
  }
}
