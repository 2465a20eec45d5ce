import { Migration } from '@mikro-orm/migrations';

/**
 * Counters for login and unlock protection, shared by every app instance on the database and kept
 * across restarts: failure counts with a backoff deadline (`blocked_until`), and plain request
 * counts per time window (`kind = 'rate'`). One row per (kind, key); old rows are swept.
 */
export class Migration20261123110000_auth_throttle extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table auth_throttle (
  kind varchar(32) not null,
  key varchar(400) not null,
  count integer not null default 0,
  window_start timestamptz not null default now(),
  blocked_until timestamptz,
  updated_at timestamptz not null default now(),
  primary key (kind, key)
);`);
    this.addSql('create index auth_throttle_updated_at_idx on auth_throttle (updated_at);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists auth_throttle;');
  }
}
