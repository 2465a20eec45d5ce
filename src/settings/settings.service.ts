import { isColorSetting, isSettingColor } from '../../shared/css-color.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { freeShippingProblem } from '../../shared/free-shipping-settings.ts';
import { installmentsProblem, shippingDaysProblem } from '../../shared/setting-ranges.ts';
import { normalizeShopDomain, SETTINGS_DEFAULTS, SETTINGS_KEYS, type Settings, SHOP_DOMAIN_PATTERN } from '../../shared/settings.ts';
import { type AdminSettings, type SettingsUpdate, ZSettingsUpdate } from '../../shared/settings-input.ts';
import { whatsappHoursProblem } from '../../shared/whatsapp-input.ts';
import { hashPassword } from '../auth/password.ts';
import type { AppContext, ShopDefaults } from '../context.ts';
import { AppError, onField } from '../errors.ts';
import { prepareImage, type Upload, withRemovedImages, withSavedImages } from '../media/media.service.ts';
import type { ISettingsRow } from './settings.entity.ts';
import { loadSettingsRow } from './settings.repo.ts';
import { canSeeStore } from './store-lock.ts';

function toSettings(row: ISettingsRow): Settings {
  const out = {} as Record<string, unknown>;
  for (const key of SETTINGS_KEYS) out[key] = row[key as keyof ISettingsRow];
  return out as Settings;
}

/**
 * The settings as the storefront may draw them: a stored colour that is not a colour (saved before
 * colours were checked) reads as its default, so it never reaches a style attribute. The admin
 * reads the stored value, and saving it again is refused with the colour message in place.
 */
function drawable(settings: Settings): Settings {
  const out = settings as Record<string, unknown>;
  for (const key of SETTINGS_KEYS) {
    if (isColorSetting(key) && !isSettingColor(key, String(out[key]))) out[key] = SETTINGS_DEFAULTS[key];
  }
  return settings;
}

/**
 * The Shopify connection the storefront really uses (spec §1): the settings' domain and token, or
 * the runtime configuration's pair (SHOPIFY_DOMAIN / SHOPIFY_STOREFRONT_TOKEN) while the settings
 * leave both empty. The domain is normalised to a bare host name; one that is not a host name
 * counts as no shop, so the storefront shows its "unavailable" state rather than failing calls.
 * The token is a public Storefront token, made to be sent to browsers.
 */
export function effectiveShopify(
  row: Pick<Settings, 'shopify_domain' | 'shopify_token'>,
  shop: ShopDefaults,
): Pick<Settings, 'shopify_domain' | 'shopify_token'> {
  const domain = normalizeShopDomain(row.shopify_domain);
  const token = row.shopify_token.trim();
  if (!domain && !token) return { shopify_domain: shop.shopifyDomain, shopify_token: shop.shopifyToken };
  return { shopify_domain: SHOP_DOMAIN_PATTERN.test(domain) ? domain : '', shopify_token: token };
}

/**
 * The settings as the storefront reads them. A visitor of a locked store gets only what the lock
 * screen draws (title, logo, favicon, locale) plus `store_locked`.
 */
export async function getPublicSettings(ctx: AppContext): Promise<Settings | LockedView> {
  const row = await loadSettingsRow(ctx.em);
  if (!canSeeStore(ctx, row)) {
    return {
      store_locked: true,
      site_title: row.site_title,
      logo_url: row.logo_url,
      favicon_url: row.favicon_url,
      locale: row.locale as Settings['locale'],
    };
  }
  return { ...drawable(toSettings(row)), ...effectiveShopify(row, ctx.shop) };
}
export type LockedView = Pick<Settings, 'site_title' | 'logo_url' | 'favicon_url' | 'locale'> & { store_locked: true };

/**
 * The settings as stored, for the admin forms: the Shopify fields stay as the owner typed them
 * (empty while the runtime configuration's shop is in use), so saving a form never copies the
 * environment's fallback into the database.
 */
export async function getAdminSettings(ctx: AppContext): Promise<AdminSettings> {
  const row = await loadSettingsRow(ctx.em);
  return { ...toSettings(row), store_unlock_password_set: !!row.store_unlock_password_hash };
}

export const SETTINGS_IMAGE_FIELDS = { logo: 'logo_url', favicon: 'favicon_url', footer_image: 'footer_image_url' } as const;
export type SettingsImages = Partial<Record<keyof typeof SETTINGS_IMAGE_FIELDS, Upload>>;

/** Picks the settings images (logo, favicon, footer_image) out of uploaded files by field name. */
export function settingsImages(files: (Upload & { field: string })[]): SettingsImages {
  const images: SettingsImages = {};
  for (const f of files) if (f.field in SETTINGS_IMAGE_FIELDS) images[f.field as keyof SettingsImages] = f;
  return images;
}

const IMAGE_COLUMNS = Object.values(SETTINGS_IMAGE_FIELDS);

/**
 * Validates and applies a partial settings change with optional logo, favicon and footer image.
 * Every check runs before anything changes: a refused change writes nothing and leaves no file.
 * Image URLs are set only by uploading; as text they accept '' (remove the image) and nothing else,
 * so no setting can point at a file another setting owns.
 */
export async function updateSettings(ctx: AppContext, raw: unknown, images: SettingsImages = {}): Promise<AdminSettings> {
  const parsed = ZSettingsUpdate.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('BAD_REQUEST', issue?.message ?? MESSAGES.requestFailed, undefined, issue?.path.join('.') || undefined);
  }
  const { store_unlock_password, logo_url, favicon_url, footer_image_url, ...fields }: SettingsUpdate = parsed.data;
  const entries = Object.entries(images).filter((e): e is [keyof SettingsImages, Upload] => !!e[1]);
  const prepared = await Promise.all(
    entries.map(([field, upload]) =>
      prepareImage(upload).catch((e) => {
        throw onField(e, field);
      }),
    ),
  );

  const row = await loadSettingsRow(ctx.em);
  const locks = fields.store_locked ?? row.store_locked;
  if (locks && !store_unlock_password && !row.store_unlock_password_hash) {
    throw new AppError('BAD_REQUEST', 'Defina uma senha de desbloqueio antes de bloquear a loja', undefined, 'store_unlock_password');
  }
  const days = shippingDaysProblem(fields.shipping_min_days ?? row.shipping_min_days, fields.shipping_max_days ?? row.shipping_max_days);
  if (days) {
    const field = fields.shipping_min_days === undefined ? 'shipping_max_days' : 'shipping_min_days';
    throw new AppError('BAD_REQUEST', days, undefined, field);
  }
  const most = fields.installments_max ?? row.installments_max;
  const order = installmentsProblem(most, fields.installments_interest_free ?? row.installments_interest_free);
  if (order) {
    const field = fields.installments_interest_free === undefined ? 'installments_max' : 'installments_interest_free';
    throw new AppError('BAD_REQUEST', order, undefined, field);
  }
  const closed = whatsappHoursProblem(
    fields.whatsapp_hours_enabled ?? row.whatsapp_hours_enabled,
    fields.whatsapp_hours ?? row.whatsapp_hours,
  );
  if (closed) throw new AppError('BAD_REQUEST', closed, undefined, 'whatsapp_hours_enabled');
  const free = freeShippingProblem(
    fields.free_shipping_enabled ?? row.free_shipping_enabled,
    fields.free_shipping_threshold ?? row.free_shipping_threshold,
  );
  if (free) throw new AppError('BAD_REQUEST', free, undefined, 'free_shipping_threshold');
  const hash = store_unlock_password ? await hashPassword(store_unlock_password) : undefined;
  const cleared = IMAGE_COLUMNS.filter((c) => ({ logo_url, favicon_url, footer_image_url })[c] === '' && row[c]);

  ctx.em.assign(row, fields as Partial<ISettingsRow>);
  if (hash) row.store_unlock_password_hash = hash;
  const replaced: string[] = [];
  for (const column of cleared) {
    replaced.push(row[column]);
    row[column] = '';
  }
  for (const [field] of entries) replaced.push(row[SETTINGS_IMAGE_FIELDS[field]]);
  // New files exist before the row points at them; replaced files go with the same commit.
  await withSavedImages(ctx.uploadsDir, prepared, (saved) =>
    withRemovedImages(ctx, replaced, async () => {
      entries.forEach(([field], i) => {
        const column = SETTINGS_IMAGE_FIELDS[field];
        row[column] = saved[i]?.url ?? row[column];
      });
      await ctx.em.flush();
    }),
  );
  if (ctx.memo) delete ctx.memo.storeVisible; // the lock may have changed
  return getAdminSettings(ctx);
}
