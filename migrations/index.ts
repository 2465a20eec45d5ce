import { Migration20261122000000_initial } from './Migration20261122000000_initial.ts';
import { Migration20261123110000_auth_throttle } from './Migration20261123110000_auth_throttle.ts';
import { Migration20261123130000_accessible_buy_button_defaults } from './Migration20261123130000_accessible_buy_button_defaults.ts';
import { Migration20261125100000_banner_mobile_image } from './Migration20261125100000_banner_mobile_image.ts';
import { Migration20261125110000_slug_history } from './Migration20261125110000_slug_history.ts';
import { Migration20261125120000_idempotency_keys } from './Migration20261125120000_idempotency_keys.ts';
import { Migration20261125130000_admin_product_search } from './Migration20261125130000_admin_product_search.ts';
import { Migration20261125140000_products_position_index } from './Migration20261125140000_products_position_index.ts';
import { Migration20261125150000_change_triggers } from './Migration20261125150000_change_triggers.ts';
import { Migration20261125160000_payment_settings } from './Migration20261125160000_payment_settings.ts';
import { Migration20261125170000_whatsapp_settings } from './Migration20261125170000_whatsapp_settings.ts';
import { Migration20261125180000_legal_info } from './Migration20261125180000_legal_info.ts';
import { Migration20261125190000_tracking_tags } from './Migration20261125190000_tracking_tags.ts';
import { Migration20261125200000_product_image_source } from './Migration20261125200000_product_image_source.ts';
import { Migration20261125230000_collection_sort_indexes } from './Migration20261125230000_collection_sort_indexes.ts';
import { Migration20261126000000_search_index_no_pending_list } from './Migration20261126000000_search_index_no_pending_list.ts';

/**
 * Every migration in order. Listed explicitly (not globbed) so the same set runs from TypeScript
 * sources on Node 24, in tests and in the Docker image, on PGlite and on PostgreSQL alike.
 */
export const MIGRATIONS = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
  { name: 'Migration20261123110000_auth_throttle', class: Migration20261123110000_auth_throttle },
  {
    name: 'Migration20261123130000_accessible_buy_button_defaults',
    class: Migration20261123130000_accessible_buy_button_defaults,
  },
  { name: 'Migration20261125100000_banner_mobile_image', class: Migration20261125100000_banner_mobile_image },
  { name: 'Migration20261125110000_slug_history', class: Migration20261125110000_slug_history },
  { name: 'Migration20261125120000_idempotency_keys', class: Migration20261125120000_idempotency_keys },
  { name: 'Migration20261125130000_admin_product_search', class: Migration20261125130000_admin_product_search },
  { name: 'Migration20261125140000_products_position_index', class: Migration20261125140000_products_position_index },
  { name: 'Migration20261125150000_change_triggers', class: Migration20261125150000_change_triggers },
  { name: 'Migration20261125160000_payment_settings', class: Migration20261125160000_payment_settings },
  { name: 'Migration20261125170000_whatsapp_settings', class: Migration20261125170000_whatsapp_settings },
  { name: 'Migration20261125180000_legal_info', class: Migration20261125180000_legal_info },
  { name: 'Migration20261125190000_tracking_tags', class: Migration20261125190000_tracking_tags },
  { name: 'Migration20261125200000_product_image_source', class: Migration20261125200000_product_image_source },
  { name: 'Migration20261125230000_collection_sort_indexes', class: Migration20261125230000_collection_sort_indexes },
  { name: 'Migration20261126000000_search_index_no_pending_list', class: Migration20261126000000_search_index_no_pending_list },
];
