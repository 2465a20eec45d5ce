import type { EntityManager } from '@mikro-orm/core';
import type { Locale } from '../shared/locales.ts';
import type { ReviewListDto } from '../shared/reviews.ts';
import type { ImportState } from './import/import-state.ts';
import type { ISettingsRow } from './settings/settings.entity.ts';
import type { Outbound } from './shopify/transport.ts';

export type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
};

export type SessionUser = { id: number; username: string; isAdmin: boolean };

/** Everything a service needs about the request it serves; built the same way by every adapter. */
export type AppContext = {
  em: EntityManager;
  /** The signed-in user, or null for a visitor. */
  user: SessionUser | null;
  /** Id (hash) of the current session, null for a visitor. */
  sessionId: string | null;
  /** True when the visitor unlocked a locked store in this browser session. */
  unlocked: boolean;
  /**
   * The settings row as the server shares it between requests, read once until a settings change
   * (server/public-cache/shared-reads.ts); read-only. Without it (scripts, tests of a service
   * alone) services read the row themselves: `readSettings` in src/settings/settings.repo.ts.
   */
  sharedSettings?: () => Promise<Readonly<ISettingsRow>>;
  /** Per-request answers worth computing once (shared by the calls of one tRPC batch). */
  memo?: {
    storeVisible?: boolean;
    /** A product's reviews, read with the product by its page (src/reviews/review.service.ts). */
    reviews?: { productId: number; list: ReviewListDto };
  };
  locale: Locale;
  log: Logger;
  /** Shop-wide fallbacks from the runtime configuration. */
  shop: ShopDefaults;
  /** Where uploaded images are stored (served at /uploads/). */
  uploadsDir: string;
  /** The request's Idempotency-Key header: creates answer a retry with the first answer (src/idempotency). */
  idempotencyKey?: string | null;
  /** Aborts when the client gives up on an upload request (closes the connection before its answer). */
  signal?: AbortSignal;
  /** How outside hosts (the Shopify shop, image URLs) are reached; tests point it at a local stand-in (src/shopify/transport.ts). */
  outbound?: Outbound;
  /** The shop's catalogue imports (src/import): the running job, the last CSV and Shopify dry runs. */
  imports?: ImportState;
};

/** The embedded Shopify connection used while settings leave domain and token empty (spec §1). */
export type ShopDefaults = { shopifyDomain: string; shopifyToken: string };
