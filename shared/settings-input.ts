import { z } from 'zod';
import { zBool, zIntBetween, zMoneyText, zPercentBetween } from './coerce.ts';
import { INVALID_COLOR_MESSAGE, isColorSetting, isSettingColor } from './css-color.ts';
import { MESSAGES } from './errors.ts';
import { FREE_SHIPPING_MESSAGES, freeShippingProblem } from './free-shipping-settings.ts';
import { LEGAL_INPUTS } from './legal-input.ts';
import { installmentsProblem, MIN_INSTALMENT_MESSAGE, PERCENT_RANGES, SETTING_RANGES, shippingDaysProblem } from './setting-ranges.ts';
import { type Settings, SITE_TITLE_MAX, ZSettings } from './settings.ts';
import { zBlock, zLine, zName } from './text-fields.ts';
import { isTagKey, normalizeTagId, TAG_RULES, type TagKey } from './tracking-tags.ts';
import { WHATSAPP_INPUTS, whatsappHoursProblem } from './whatsapp-input.ts';

const MESSAGE_FOR: Partial<Record<keyof Settings, string>> = { locale: MESSAGES.invalidLocale, currency: MESSAGES.invalidCurrency };

/** Its description and footer text may span lines; the rest are plain lines (the title: zSiteTitle). */
const TEXT_FIELD: Partial<Record<keyof Settings, typeof zLine>> = { site_description: zBlock, copyright_text: zBlock };

export const SITE_TITLE_MESSAGES = {
  required: 'Informe o título do site',
  tooLong: `Título do site muito longo (máx ${SITE_TITLE_MAX} caracteres)`,
} as const;

/** The shop's name: a display name, never empty (the header, the tab and the legal pages show it). */
const zSiteTitle = zName({ trim: true, max: SITE_TITLE_MAX, tooLong: SITE_TITLE_MESSAGES.tooLong }).refine(
  (v) => v.length > 0,
  SITE_TITLE_MESSAGES.required,
);

/** The update form of one field: legacy booleans, numbers in their range, colours that are colours, trimmed text, spec messages. */
function inputFor(key: keyof Settings, schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodBoolean) return zBool;
  if (key === 'site_title') return zSiteTitle;
  if (key in SETTING_RANGES) {
    const r = SETTING_RANGES[key as keyof typeof SETTING_RANGES];
    return zIntBetween(r.min, r.max, r.message);
  }
  if (key in PERCENT_RANGES) {
    const r = PERCENT_RANGES[key as keyof typeof PERCENT_RANGES];
    return zPercentBetween(r.min, r.max, r.message);
  }
  if (key === 'installments_min_value') return zMoneyText(MIN_INSTALMENT_MESSAGE);
  if (key in WHATSAPP_INPUTS) return WHATSAPP_INPUTS[key as keyof typeof WHATSAPP_INPUTS];
  if (isTagKey(key)) return zTagId(key);
  if (key in LEGAL_INPUTS) return LEGAL_INPUTS[key as keyof typeof LEGAL_INPUTS];
  if (key === 'free_shipping_threshold') return zMoneyText(FREE_SHIPPING_MESSAGES.threshold);
  if (schema instanceof z.ZodEnum) return z.enum(schema.options as [string, ...string[]], { error: MESSAGE_FOR[key] });
  if (isColorSetting(key))
    return zLine({ trim: true, max: 64, tooLong: INVALID_COLOR_MESSAGE }).refine((v) => isSettingColor(key, v), INVALID_COLOR_MESSAGE);
  if (schema instanceof z.ZodString) return (TEXT_FIELD[key] ?? zLine)({ trim: true }).pipe(schema);
  return schema;
}

/** An analytics or ads tag id: '' (none) or the vendor's format, normalized (shared/tracking-tags.ts). */
function zTagId(key: TagKey): z.ZodType {
  const message = TAG_RULES[key].message;
  return zLine({ trim: true, max: 64, tooLong: message })
    .transform((v) => normalizeTagId(key, v))
    .refine((v): v is string => v !== null, message);
}

const fields = Object.fromEntries(
  (Object.entries(ZSettings.shape) as [keyof Settings, z.ZodType][]).map(([k, s]) => [k, inputFor(k, s).optional()]),
);

/**
 * What an admin may send to change settings: any subset of the fields, unknown fields dropped,
 * booleans and numbers in their legacy text forms. `store_unlock_password` is plain text in and is
 * stored only as an argon2id hash; empty keeps the current one.
 */
export const ZSettingsUpdate = z.object({ ...fields, store_unlock_password: zLine({ max: 200 }).optional() }).superRefine((v, ctx) => {
  // When both days arrive together (the admin form); the service checks a lone one against the stored other.
  const { shipping_min_days: min, shipping_max_days: max } = v as Partial<Settings>;
  const problem = min !== undefined && max !== undefined ? shippingDaysProblem(min, max) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['shipping_min_days'] });
  const { installments_max: most, installments_interest_free: free } = v as Partial<Settings>;
  const order = most !== undefined && free !== undefined ? installmentsProblem(most, free) : null;
  if (order) ctx.addIssue({ code: 'custom', message: order, path: ['installments_interest_free'] });
  const { whatsapp_hours_enabled: enabled, whatsapp_hours: hours } = v as Partial<Settings>;
  const closed = enabled !== undefined && hours !== undefined ? whatsappHoursProblem(enabled, hours) : null;
  if (closed) ctx.addIssue({ code: 'custom', message: closed, path: ['whatsapp_hours_enabled'] });
  const { free_shipping_enabled: shipsFree, free_shipping_threshold: amount } = v as Partial<Settings>;
  const threshold = shipsFree !== undefined && amount !== undefined ? freeShippingProblem(shipsFree, amount) : null;
  if (threshold) ctx.addIssue({ code: 'custom', message: threshold, path: ['free_shipping_threshold'] });
}) as unknown as z.ZodType<Partial<Settings> & { store_unlock_password?: string }>;
export type SettingsUpdate = z.infer<typeof ZSettingsUpdate>;

/** Settings fields an admin reads besides the public ones. */
export const ZAdminSettings = ZSettings.extend({ store_unlock_password_set: z.boolean() });
export type AdminSettings = z.infer<typeof ZAdminSettings>;
