import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGeoDatabase } from '../../src/location/geoip.ts';
import { writeMmdb } from '../helpers/mmdb.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'geo-'));
const geoFile = join(dir, 'city.mmdb');
writeFileSync(
  geoFile,
  writeMmdb('200.150.10.0', 24, {
    city: { names: { en: 'Recife', 'pt-BR': 'Recife' } },
    subdivisions: [{ iso_code: 'PE', names: { en: 'Pernambuco' } }],
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GeoIP database reader', () => {
  it('finds the city and state of an address inside the network, nothing outside it', () => {
    const lookup = openGeoDatabase(geoFile);
    expect(lookup('200.150.10.77')).toEqual({ city: 'Recife', state: 'PE' });
    expect(lookup('200.150.11.1')).toBeNull();
    expect(lookup('not-an-ip')).toBeNull();
  });
});

describe('/api/location/detect.php', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1', GEOIP_DB: geoFile });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('answers nulls when nothing is known, and ignores location headers from an untrusted client', async () => {
    const res = await plain.app.inject({
      method: 'GET',
      url: '/api/location/detect.php',
      headers: { 'cf-ipcity': 'Fake', 'cf-region-code': 'XX' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ city: null, state: null });
  });

  it('reads Cloudflare, Vercel and CloudFront headers behind a trusted proxy', async () => {
    const get = (headers: Record<string, string>) =>
      proxied.app.inject({ method: 'GET', url: '/api/location/detect.php', headers }).then((r) => r.json());
    expect(await get({ 'cf-ipcity': 'Campinas', 'cf-region-code': 'SP' })).toEqual({ city: 'Campinas', state: 'SP' });
    expect(await get({ 'x-vercel-ip-city': 'S%C3%A3o%20Paulo', 'x-vercel-ip-country-region': 'SP' })).toEqual({
      city: 'São Paulo',
      state: 'SP',
    });
    expect(await get({ 'cloudfront-viewer-city': 'Curitiba', 'cloudfront-viewer-country-region': 'PR' })).toEqual({
      city: 'Curitiba',
      state: 'PR',
    });
  });

  it('falls back to the GeoIP database for the forwarded client address', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/location/detect.php',
      headers: { 'x-forwarded-for': '200.150.10.9' },
    });
    expect(res.json()).toEqual({ city: 'Recife', state: 'PE' });
  });

  it('the tRPC twin answers the same', async () => {
    const headers = { 'x-forwarded-for': '200.150.10.9' };
    const legacy = (await proxied.app.inject({ method: 'GET', url: '/api/location/detect.php', headers })).json();
    const trpc = (await proxied.app.inject({ method: 'GET', url: '/trpc/location.detect', headers })).json().result.data;
    expect(trpc).toEqual(legacy);
  });

  it('refuses to start with a GEOIP_DB that is not a MaxMind database', async () => {
    const bad = join(dir, 'bad.mmdb');
    writeFileSync(bad, 'nope');
    await expect(createTestApp({ GEOIP_DB: bad })).rejects.toThrow(/GEOIP_DB/);
  });
});
