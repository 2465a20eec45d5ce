import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startShop } from './server.ts';

describe('process lifecycle', () => {
  it('drains a request in flight on SIGTERM, exits 0 and releases the data directory lock', async () => {
    // At debug the shop logs each request as it arrives (server/plugins/access-log.ts).
    const shop = await startShop({ LOG_LEVEL: 'debug' });
    const lock = join(shop.dataDir, 'shop.lock');
    assert.ok(existsSync(lock), 'the PGlite data directory is locked while running');
    const inFlight = fetch(`${shop.url}/?slow`).then((r) => r.status);
    // SIGTERM only once the server has the request (its log says so).
    while (!shop.output().includes('/?slow')) await new Promise((r) => setTimeout(r, 5));
    const { code, lockReleased } = await shop.stop();
    assert.equal(await inFlight, 200, 'the request started before SIGTERM still completes');
    assert.equal(code, 0);
    assert.ok(lockReleased, 'the lock file is gone after shutdown');
  });
});
