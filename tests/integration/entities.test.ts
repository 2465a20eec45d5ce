import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../../shared/settings.ts';
import type { Database } from '../../src/db/database.ts';
import { ENTITIES } from '../../src/db/entities.ts';
import { loadSettingsRow } from '../../src/settings/settings.repo.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
});
afterAll(async () => {
  await dispose();
});

describe('schema', () => {
  it('every entity maps onto the migrated tables (a select of every column succeeds)', async () => {
    for (const entity of ENTITIES) {
      await expect(
        db.fork().find(entity as never, {}, { limit: 1 }),
        String((entity as { meta?: { className?: string } }).meta?.className),
      ).resolves.toBeDefined();
    }
  });

  it('the migration holds the same settings defaults as shared/settings.ts', async () => {
    const row = await loadSettingsRow(db.fork());
    for (const [key, value] of Object.entries(SETTINGS_DEFAULTS)) expect(row[key as keyof typeof row], key).toEqual(value);
  });

  it('stores money as numeric(12,2) and hands it back as an exact string', async () => {
    const conn = db.fork().getConnection();
    await conn.execute("insert into products (title, slug, price, old_price) values ('Caneca', 'caneca', 1234567.895, 10)");
    const rows = await conn.execute<{ price: string; old_price: string }[]>("select price, old_price from products where slug = 'caneca'");
    expect(rows[0]).toEqual({ price: '1234567.90', old_price: '10.00' });
    const types = await conn.execute<{ data_type: string; numeric_precision: number; numeric_scale: number }[]>(
      "select data_type, numeric_precision, numeric_scale from information_schema.columns where table_name = 'products' and column_name = 'price'",
    );
    expect(types[0]).toEqual({ data_type: 'numeric', numeric_precision: 12, numeric_scale: 2 });
  });
});
