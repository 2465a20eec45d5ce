import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Collection names are translated by slug when available (spec §2 "Collection page"): a known slug
 * whose name is still the Portuguese original is shown in the shop's language; a name the owner
 * changed, or any other collection, is shown exactly as written.
 */
const KNOWN: Record<string, [original: string, label: MessageDescriptor]> = {
  camisetas: ['Camisetas', msg`Camisetas`],
  acessorios: ['Acessórios', msg`Acessórios`],
  'casa-decoracao': ['Casa & Decoração', msg`Casa & Decoração`],
  // The featured listing (FEATURED_SLUG): the products without a collection.
  '': ['Produtos em destaque', msg`Produtos em destaque`],
};

export function collectionLabel(i18n: I18n, collection: { slug: string; name: string }): string {
  const known = KNOWN[collection.slug];
  return known && known[0] === collection.name ? i18n._(known[1]) : collection.name;
}
