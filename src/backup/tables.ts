/**
 * The tables a backup carries, in an order where every row's foreign keys point at rows written
 * before it (restore inserts in this order and deletes in the reverse one).
 *
 * - `content`: the shop itself, always in the archive; a shop is "empty" when none but `settings`
 *   has rows (a freshly migrated database has only the settings row).
 * - `private`: who may sign in and their sessions, and sign-in throttling: only in a full backup.
 * - `secret` columns of a content table (password hashes) go only into a full backup.
 *
 * Migrations bookkeeping (`mikro_orm_migrations`) is never carried: the destination's own
 * migrations made its schema.
 */
export type TableDef = {
  name: string;
  /** Primary key columns, for reading in key order (keyset pages). */
  key: string[];
  kind: 'content' | 'private';
  /** A `serial` id whose sequence restore moves past the restored rows. */
  serial: boolean;
  secret?: string[];
};

export const BACKUP_TABLES: readonly TableDef[] = [
  { name: 'settings', key: ['id'], kind: 'content', serial: false, secret: ['store_unlock_password_hash'] },
  { name: 'collections', key: ['id'], kind: 'content', serial: true },
  { name: 'products', key: ['id'], kind: 'content', serial: true },
  { name: 'product_images', key: ['id'], kind: 'content', serial: true },
  { name: 'slug_history', key: ['id'], kind: 'content', serial: true },
  { name: 'banners', key: ['id'], kind: 'content', serial: true },
  { name: 'top_headers', key: ['id'], kind: 'content', serial: true },
  { name: 'footer_icons', key: ['id'], kind: 'content', serial: true },
  { name: 'footer_sections', key: ['id'], kind: 'content', serial: true },
  { name: 'footer_links', key: ['id'], kind: 'content', serial: true },
  { name: 'reviews', key: ['id'], kind: 'content', serial: true },
  { name: 'admin_users', key: ['id'], kind: 'private', serial: true },
  { name: 'sessions', key: ['id'], kind: 'private', serial: false },
  { name: 'auth_throttle', key: ['kind', 'key'], kind: 'private', serial: false },
];

/** The tables of a backup (full or not). */
export const tablesFor = (full: boolean): TableDef[] => BACKUP_TABLES.filter((t) => full || t.kind === 'content');

export const tableDef = (name: string): TableDef | undefined => BACKUP_TABLES.find((t) => t.name === name);

/** Content tables whose rows make a shop non-empty (settings always has its one row). */
export const CONTENT_TABLES = BACKUP_TABLES.filter((t) => t.kind === 'content' && t.name !== 'settings').map((t) => t.name);
