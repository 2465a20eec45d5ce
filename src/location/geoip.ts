import { readFileSync } from 'node:fs';
import { type CityResponse, Reader } from 'mmdb-lib';
import type { LocationDto } from '../../shared/location.ts';

type CityRecord = {
  city?: { names?: Record<string, string> };
  subdivisions?: { iso_code?: string; names?: Record<string, string> }[];
};

export type GeoLookup = (ip: string) => LocationDto | null;

const name = (names: Record<string, string> | undefined) => names?.['pt-BR'] ?? names?.en ?? null;

/**
 * Opens a MaxMind-format city database (GeoLite2/GeoIP2 City or compatible) from disk. Lookups are
 * local: nothing ever calls out to the internet.
 */
export function openGeoDatabase(path: string): GeoLookup {
  const reader = new Reader<CityResponse>(readFileSync(path));
  return (ip) => {
    let rec: CityRecord | null;
    try {
      rec = reader.get(ip) as CityRecord | null;
    } catch {
      return null; // not an IP address
    }
    if (!rec) return null;
    const sub = rec.subdivisions?.[0];
    return { city: name(rec.city?.names), state: sub?.iso_code ?? name(sub?.names) };
  };
}
