import { Migration } from '@mikro-orm/migrations';

/**
 * Where an imported gallery image came from (issue 17): the URL a CSV or the Shopify shop gave for
 * it. Importing the same catalogue again recognises the image by it and fetches nothing. Empty for
 * uploads.
 */
export class Migration20261125200000_product_image_source extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table product_images add column source_url text not null default '';`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table product_images drop column if exists source_url;');
  }
}
