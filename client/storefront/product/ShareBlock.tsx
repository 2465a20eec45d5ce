import type { ProductDto } from '../../../shared/catalog.ts';

/** Product page share block: copy link, WhatsApp, Facebook, system share sheet (spec §2). */
export function ShareBlock(_props: { product: ProductDto }) {
  return null;
}
