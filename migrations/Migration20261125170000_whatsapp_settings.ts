import { Migration } from '@mikro-orm/migrations';

/**
 * WhatsApp settings (issue 18): the number in E.164 ('' = no WhatsApp), an optional default
 * message, the hours (seven days, Sunday first, used when switched on) and the shop's time zone
 * they are read in. The checks repeat shared/whatsapp-input.ts's rules for whoever writes here.
 */
const WEEK = JSON.stringify([
  { open: false, from: '09:00', to: '13:00' },
  ...Array.from({ length: 5 }, () => ({ open: true, from: '09:00', to: '18:00' })),
  { open: true, from: '09:00', to: '13:00' },
]);

export class Migration20261125170000_whatsapp_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table settings
  add column whatsapp_number varchar(16) not null default '' check (whatsapp_number = '' or whatsapp_number ~ '^\\+[1-9][0-9]{6,14}$'),
  add column whatsapp_message text not null default '' check (char_length(whatsapp_message) <= 500),
  add column whatsapp_hours_enabled boolean not null default false,
  add column whatsapp_hours jsonb not null default '${WEEK}'::jsonb
    check (jsonb_typeof(whatsapp_hours) = 'array' and jsonb_array_length(whatsapp_hours) = 7),
  add column time_zone varchar(64) not null default 'America/Sao_Paulo' check (time_zone <> '');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table settings
  drop column if exists whatsapp_number,
  drop column if exists whatsapp_message,
  drop column if exists whatsapp_hours_enabled,
  drop column if exists whatsapp_hours,
  drop column if exists time_zone;`);
  }
}
