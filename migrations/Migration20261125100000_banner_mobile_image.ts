import { Migration } from '@mikro-orm/migrations';

/**
 * Banners get an optional image for phones (21:9, used below 768 px): an /uploads/ URL like
 * image_url, empty when the banner has none (phones then get the desktop image).
 */
export class Migration20261125100000_banner_mobile_image extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table banners add column mobile_image_url text not null default ''`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table banners drop column mobile_image_url');
  }
}
