/**
 * The one Storefront API version every server-side call uses (src/shopify/storefront.ts).
 *
 * Shopify releases a version each quarter (YYYY-01, -04, -07, -10) and supports each for at least
 * twelve months; `@shopify/storefront-api-client` checks the version against the four stable ones
 * of the last year plus the next release candidate (computed from today's date) and logs a warning
 * for any other. 2026-10 is the newest stable version in November 2026, supported until October
 * 2027. The Buy Button in the browser still calls 2025-01 (hard-coded by buy-button-js 3.0.6,
 * past support); that is the SDK's, not ours. Move this forward once a year, after reading
 * Shopify's release notes for the fields used in storefront-queries.ts.
 */
export const STOREFRONT_API_VERSION = '2026-10';
