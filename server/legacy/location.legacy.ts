import type { FastifyInstance } from 'fastify';
import { detectLocation } from '../../src/location/location.service.ts';
import { locationSource } from '../location/location-source.ts';
import { legacyRoute } from './legacy-route.ts';

/** GET /api/location/detect.php -> { city, state } (spec §7 "Other calls"). */
export function locationLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/api/location/detect.php',
    policy: 'public',
    handler: async (_ctx, req) => detectLocation(locationSource(app, req), app.geo),
  });
}
