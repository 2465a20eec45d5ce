import { join, resolve } from 'node:path';
import { z } from 'zod';
import { normalizeShopDomain, SHOP_DOMAIN_PATTERN } from '../shared/settings.ts';
import { SITEMAP_MAX_URLS } from '../src/catalog/sitemap.ts';
import { DEFAULT_POOL, type PoolOptions } from '../src/db/pool-guard.ts';
import { ACCESS_LOG_MODES, type AccessLogMode } from './plugins/access-log.ts';

/**
 * Runtime configuration, read once from the environment and validated at boot.
 * A bad value stops the process with a message that names the variable.
 */
const bool = <F extends boolean | undefined>(fallback: F) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v): boolean | F => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

/** An absolute http(s) URL that is only an origin (a trailing slash is allowed). */
function isOrigin(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  return /^https?:$/.test(u.protocol) && u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,50}$/, 'must be 3 to 50 letters, digits or _')
    .optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must have at least 6 characters').optional(),
  SEED_DEMO: bool(true),
  SHOPIFY_DOMAIN: z
    .string()
    .default('')
    .transform(normalizeShopDomain)
    .refine((v) => v === '' || SHOP_DOMAIN_PATTERN.test(v), 'must be a shop host name such as loja.myshopify.com'),
  SHOPIFY_STOREFRONT_TOKEN: z
    .string()
    .default('')
    .transform((v) => v.trim())
    .refine((v) => /^[A-Za-z0-9_.-]{0,255}$/.test(v), 'must be a public Storefront access token (letters, digits, - _ .)'),
  TRUST_PROXY: z.string().default(''),
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(isOrigin, 'must be an http(s) address without path, query or fragment, e.g. https://loja.com.br')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((h) => /^[a-z0-9.-]+(?::\d{1,5})?$/.test(h)),
      'must be host names separated by commas, e.g. loja.com.br,www.loja.com.br',
    ),
  GEOIP_DB: z.string().default(''),
  SITEMAP_MAX_URLS: z.coerce.number().int().min(1).max(SITEMAP_MAX_URLS).default(SITEMAP_MAX_URLS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG: z.enum(ACCESS_LOG_MODES).default('errors'),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(3_000),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL.max),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_POOL.acquireTimeoutMs),
  DATABASE_STALL_MS: z.coerce.number().int().min(1_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(0),
  UPLOAD_SLOTS: z.coerce.number().int().positive().default(3),
  // Unset: on, but off under NODE_ENV=test, where a pass would land in the middle of tests.
  EMBEDDED_MAINTENANCE: bool(undefined),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { username: string | undefined; password: string | undefined };
  seedDemo: boolean;
  shopify: { domain: string; token: string };
  /** The shop's public address (`https://loja.com.br`, no trailing slash) for absolute URLs, or null. */
  publicUrl: string | null;
  /** false (no proxy trusted), or a list of addresses/CIDRs, or a hop count. */
  trustProxy: boolean | string[] | number;
  /**
   * The host names (with a port where it is not the default) the shop answers as, lower case; the
   * first is used for a request that names another. Empty: any host (see publicOrigin).
   */
  allowedHosts: string[];
  /** URLs per sitemap file; past it /sitemap.xml is an index of /sitemap-N.xml files. */
  sitemapMaxUrls: number;
  /** A MaxMind-format city database for /api/location/detect.php, or null. */
  geoipDb: string | null;
  logLevel: string;
  /** Which requests get an access-log line (server/plugins/access-log.ts). */
  accessLog: AccessLogMode;
  session: { idleMs: number; maxMs: number };
  /** SIGTERM: the whole stop (drain included) must end within this, else the process exits 1. */
  shutdownGraceMs: number;
  /** SIGTERM: how long /readyz answers 503 while requests are still served, before the listener closes. */
  shutdownDrainMs: number;
  /** PostgreSQL: pool size and how long a request waits for a connection (then 503). */
  pool: PoolOptions;
  /** Liveness: /healthz answers 503 once the pool has served nobody for this long while requests waited. */
  databaseStallMs: number;
  /** Deadlines for receiving a request (server/http-limits.ts): headers, whole request, multipart upload. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  /** Open connections allowed per client address; 0 = no cap. */
  maxConnectionsPerAddress: number;
  /** Uploads (multipart requests) taken in at once; more are answered 503 before their body is read. */
  uploadSlots: number;
  /** The embedded database (PGlite) vacuumed and analyzed when idle (server/plugins/db-maintenance.ts). */
  embeddedMaintenance: boolean;
};

/** Uploaded images live under the data directory, served at /uploads/. */
export const uploadsDirOf = (config: Pick<AppConfig, 'dataDir'>): string => join(config.dataDir, 'uploads');

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_PASSWORD && !e.ADMIN_USERNAME) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME: required when ADMIN_PASSWORD is set');
  }
  if (!e.SHOPIFY_DOMAIN !== !e.SHOPIFY_STOREFRONT_TOKEN) {
    const missing = e.SHOPIFY_DOMAIN ? 'SHOPIFY_STOREFRONT_TOKEN' : 'SHOPIFY_DOMAIN';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: SHOPIFY_DOMAIN and SHOPIFY_STOREFRONT_TOKEN go together`);
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS');
  }
  if (e.SHUTDOWN_DRAIN_MS >= e.SHUTDOWN_GRACE_MS) {
    throw new ConfigError('Invalid configuration:\n  SHUTDOWN_DRAIN_MS: must be shorter than SHUTDOWN_GRACE_MS');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    seedDemo: e.SEED_DEMO,
    shopify: { domain: e.SHOPIFY_DOMAIN, token: e.SHOPIFY_STOREFRONT_TOKEN },
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowedHosts: e.ALLOWED_HOSTS,
    geoipDb: e.GEOIP_DB ? resolve(e.GEOIP_DB) : null,
    sitemapMaxUrls: e.SITEMAP_MAX_URLS,
    logLevel: e.LOG_LEVEL,
    accessLog: e.ACCESS_LOG,
    session: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, maxMs: e.SESSION_MAX_DAYS * 86_400_000 },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    pool: { max: e.DATABASE_POOL_MAX, acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS },
    databaseStallMs: e.DATABASE_STALL_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    uploadTimeoutMs: e.UPLOAD_TIMEOUT_MS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    uploadSlots: e.UPLOAD_SLOTS,
    embeddedMaintenance: e.EMBEDDED_MAINTENANCE ?? e.NODE_ENV !== 'test',
  };
}

function parseTrustProxy(raw: string): AppConfig['trustProxy'] {
  const v = raw.trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
