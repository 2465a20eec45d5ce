import { Migration } from '@mikro-orm/migrations';

/**
 * Answers of creates sent with an `Idempotency-Key` (src/idempotency/idempotency.service.ts): one row
 * per (key, operation), written in the create's own transaction, so a retried request gets the
 * original answer instead of a second row. Rows older than 24 hours are swept.
 */
export class Migration20261125120000_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table idempotency_keys (
  key varchar(200) not null,
  operation varchar(100) not null,
  request_hash varchar(64) not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (key, operation)
);`);
    this.addSql('create index idempotency_keys_created_at_idx on idempotency_keys (created_at);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists idempotency_keys;');
  }
}
