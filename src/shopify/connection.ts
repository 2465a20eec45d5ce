import { SHOPIFY_MESSAGES } from '../../shared/shopify.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';
import { effectiveShopify } from '../settings/settings.service.ts';
import type { ShopConnection, StorefrontCaller } from './storefront.ts';

/** The shop the storefront sells through (settings, else SHOPIFY_DOMAIN / SHOPIFY_STOREFRONT_TOKEN), or null. */
export async function connectedShop(ctx: AppContext): Promise<ShopConnection | null> {
  const { shopify_domain, shopify_token } = effectiveShopify(await loadSettingsRow(ctx.em), ctx.shop);
  return shopify_domain && shopify_token ? { domain: shopify_domain, token: shopify_token } : null;
}

/** What a Storefront call needs for this request; refuses with a clear message while no shop is connected. */
export async function storefrontCaller(ctx: AppContext): Promise<StorefrontCaller> {
  const shop = await connectedShop(ctx);
  if (!shop) throw new AppError('BAD_REQUEST', SHOPIFY_MESSAGES.notConnected);
  return { shop, outbound: ctx.outbound ?? {}, log: ctx.log };
}
