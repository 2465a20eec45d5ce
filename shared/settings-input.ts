import { z } from 'zod';
import { zBool, zIntInRange } from './coerce.ts';
import { MESSAGES } from './errors.ts';
import { LIMITS } from './limits.ts';
import { SETTINGS_DEFAULTS, type Settings, ZSettings } from './settings.ts';
import { zBlock, zLine, zName } from './text-fields.ts';

/** Numeric settings and their spec §5 ranges; out-of-range input falls back to the default. */
const RANGES = {
  product_thumbnail_size: LIMITS.thumbnailSize,
  shipping_min_days: LIMITS.shippingMinDays,
  shipping_max_days: LIMITS.shippingMaxDays,
  payment_icon_size: LIMITS.paymentIconSize,
  product_button_width_percent: LIMITS.productButtonWidth,
  product_button_height_px: LIMITS.productButtonHeight,
} as const;

const MESSAGE_FOR: Partial<Record<keyof Settings, string>> = { locale: MESSAGES.invalidLocale, currency: MESSAGES.invalidCurrency };

/** The shop's title is a display name, its description and footer text may span lines; the rest are plain lines. */
const TEXT_FIELD: Partial<Record<keyof Settings, typeof zLine>> = { site_title: zName, site_description: zBlock, copyright_text: zBlock };

/** The update form of one field: legacy booleans, clamped numbers, trimmed text, spec messages. */
function inputFor(key: keyof Settings, schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodBoolean) return zBool;
  if (key in RANGES) {
    const r = RANGES[key as keyof typeof RANGES];
    return zIntInRange(r.min, r.max, SETTINGS_DEFAULTS[key as keyof typeof RANGES]);
  }
  if (schema instanceof z.ZodEnum) return z.enum(schema.options as [string, ...string[]], { error: MESSAGE_FOR[key] });
  if (schema instanceof z.ZodString) return (TEXT_FIELD[key] ?? zLine)({ trim: true }).pipe(schema);
  return schema;
}

const fields = Object.fromEntries(
  (Object.entries(ZSettings.shape) as [keyof Settings, z.ZodType][]).map(([k, s]) => [k, inputFor(k, s).optional()]),
);

/**
 * What an admin may send to change settings: any subset of the fields, unknown fields dropped,
 * booleans and numbers in their legacy text forms. `store_unlock_password` is plain text in and is
 * stored only as an argon2id hash; empty keeps the current one.
 */
export const ZSettingsUpdate = z.object({ ...fields, store_unlock_password: zLine({ max: 200 }).optional() }) as unknown as z.ZodType<
  Partial<Settings> & { store_unlock_password?: string }
>;
export type SettingsUpdate = z.infer<typeof ZSettingsUpdate>;

/** Settings fields an admin reads besides the public ones. */
export const ZAdminSettings = ZSettings.extend({ store_unlock_password_set: z.boolean() });
export type AdminSettings = z.infer<typeof ZAdminSettings>;
