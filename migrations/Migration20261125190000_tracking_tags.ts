import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics and advertising tags (issue 18, part 4): the owner's Google Analytics 4 measurement id,
 * Meta Pixel id and TikTok Pixel code, '' while not used. The formats are shared/tracking-tags.ts's;
 * the checks keep a value of another shape out even if a write bypassed the service.
 */
export class Migration20261125190000_tracking_tags extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table settings
  add column ga4_measurement_id varchar(32) not null default '',
  add column meta_pixel_id varchar(32) not null default '',
  add column tiktok_pixel_id varchar(32) not null default '',
  add constraint settings_ga4_measurement_id_format check (ga4_measurement_id = '' or ga4_measurement_id ~ '^G-[A-Z0-9]{4,16}$'),
  add constraint settings_meta_pixel_id_format check (meta_pixel_id = '' or meta_pixel_id ~ '^[0-9]{8,20}$'),
  add constraint settings_tiktok_pixel_id_format check (tiktok_pixel_id = '' or tiktok_pixel_id ~ '^[A-Z0-9]{16,24}$');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table settings
  drop constraint if exists settings_ga4_measurement_id_format,
  drop constraint if exists settings_meta_pixel_id_format,
  drop constraint if exists settings_tiktok_pixel_id_format,
  drop column if exists ga4_measurement_id,
  drop column if exists meta_pixel_id,
  drop column if exists tiktok_pixel_id;`);
  }
}
