import { Migration20261122000000_initial } from './Migration20261122000000_initial.ts';

/**
 * Every migration in order. Listed explicitly (not globbed) so the same set runs from TypeScript
 * sources on Node 24, in tests and in the Docker image, on PGlite and on PostgreSQL alike.
 */
export const MIGRATIONS = [{ name: 'Migration20261122000000_initial', class: Migration20261122000000_initial }];
