import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type GeoLookup, openGeoDatabase } from '../../src/location/geoip.ts';
import type { LocationSource } from '../../src/location/location.service.ts';

/** What the location service needs from a request; headers count only behind a trusted proxy. */
export function locationSource(app: FastifyInstance, req: FastifyRequest): LocationSource {
  return { headers: req.headers, ip: req.ip, trustProxyHeaders: app.config.trustProxy !== false };
}

/** Opens GEOIP_DB once at start-up; a missing or broken file stops the boot with a clear message. */
export function loadGeo(path: string | null): GeoLookup | null {
  if (!path) return null;
  try {
    return openGeoDatabase(path);
  } catch (e) {
    throw new Error(`GEOIP_DB: cannot read a MaxMind database at ${path} (${(e as Error).message})`);
  }
}
