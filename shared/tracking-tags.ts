/**
 * The analytics and advertising tags an owner may add (issue 18, part 4): Google Analytics 4, Meta
 * Pixel and TikTok Pixel. Each is an id in the settings; none loads before the shopper consents to
 * its category (client/consent/), and the page policy names a tag's hosts only while its id is set
 * (server/plugins/content-policy.ts). Zod-free: the consent script and the server both read it.
 */
export const TAG_KEYS = ['ga4_measurement_id', 'meta_pixel_id', 'tiktok_pixel_id'] as const;
export type TagKey = (typeof TAG_KEYS)[number];
export type TagIds = Record<TagKey, string>;

/** Consent categories besides the necessary cookies, which are always on. */
export type ConsentCategory = 'analytics' | 'marketing';

/** A configured tag as the consent script receives it from the page (client/consent/). */
export type ConsentTag = { key: TagKey; id: string; category: ConsentCategory; src: string };

type TagRule = {
  /** What the owner pastes, trimmed (and upper-cased where the vendor's ids are). */
  normalize: (raw: string) => string;
  pattern: RegExp;
  message: string;
  category: ConsentCategory;
  /** The tag's name as its vendor writes it (not translated). */
  name: string;
  /** Hosts the tag's script loads from and sends to, per CSP directive (the vendors' published lists). */
  hosts: { script: string[]; connect: string[]; img: string[] };
};

const GOOGLE_TAG = 'https://www.googletagmanager.com';
const META_SCRIPT = 'https://connect.facebook.net';
const META_EVENTS = 'https://www.facebook.com';
const TIKTOK = 'https://analytics.tiktok.com';

export const TAG_RULES: Record<TagKey, TagRule> = {
  ga4_measurement_id: {
    normalize: (raw) => raw.trim().toUpperCase(),
    pattern: /^G-[A-Z0-9]{4,16}$/,
    message: 'ID do Google Analytics inválido: use o ID da métrica do GA4, no formato G-XXXXXXXXXX',
    category: 'analytics',
    name: 'Google Analytics 4',
    hosts: {
      script: [GOOGLE_TAG],
      connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', GOOGLE_TAG],
      img: ['https://*.google-analytics.com', GOOGLE_TAG],
    },
  },
  meta_pixel_id: {
    normalize: (raw) => raw.trim(),
    pattern: /^[0-9]{8,20}$/,
    message: 'ID do Meta Pixel inválido: use só os números do ID do pixel (ex.: 123456789012345)',
    category: 'marketing',
    name: 'Meta Pixel',
    hosts: { script: [META_SCRIPT], connect: [META_EVENTS, META_SCRIPT], img: [META_EVENTS] },
  },
  tiktok_pixel_id: {
    normalize: (raw) => raw.trim().toUpperCase(),
    pattern: /^[A-Z0-9]{16,24}$/,
    message: 'ID do TikTok Pixel inválido: use o código do pixel, com letras e números (ex.: C4ABCDEFGH1234567890)',
    category: 'marketing',
    name: 'TikTok Pixel',
    hosts: { script: [TIKTOK], connect: [TIKTOK], img: [TIKTOK] },
  },
};

/** The tag's script URL (what the consent script adds to the page once its category is accepted). */
export const TAG_SCRIPT = {
  ga4_measurement_id: (id: string) => `${GOOGLE_TAG}/gtag/js?id=${encodeURIComponent(id)}`,
  meta_pixel_id: (_id: string) => `${META_SCRIPT}/en_US/fbevents.js`,
  tiktok_pixel_id: (id: string) => `${TIKTOK}/i18n/pixel/events.js?sdkid=${encodeURIComponent(id)}&lib=ttq`,
} satisfies Record<TagKey, (id: string) => string>;

/** '' (no tag) or the normalized id when it has the vendor's format; null when it does not. */
export function normalizeTagId(key: TagKey, raw: string): string | null {
  const value = TAG_RULES[key].normalize(raw);
  return value === '' || TAG_RULES[key].pattern.test(value) ? value : null;
}

/** The tags an owner configured (ids with the vendor's format only: anything else counts as none). */
export function configuredTags(ids: Partial<TagIds>): Partial<TagIds> {
  const out: Partial<TagIds> = {};
  for (const key of TAG_KEYS) {
    const id = ids[key] ?? '';
    if (id && TAG_RULES[key].pattern.test(id)) out[key] = id;
  }
  return out;
}

export const isTagKey = (key: string): key is TagKey => (TAG_KEYS as readonly string[]).includes(key);
