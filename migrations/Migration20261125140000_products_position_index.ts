import { Migration } from '@mikro-orm/migrations';

/**
 * The whole catalogue in the owner's order (list.php streams it by keyset on (position, id); the
 * sitemap lists it the same way): an index, so each batch reads its rows instead of sorting the
 * catalogue.
 */
export class Migration20261125140000_products_position_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index products_position_idx on products (position, id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists products_position_idx;');
  }
}
