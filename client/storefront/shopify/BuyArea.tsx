import type { ProductDto } from '../../../shared/catalog.ts';
import type { Settings } from '../../../shared/settings.ts';

/** Product page buy area: 'Adicionar ao Carrinho' and 'Comprar Agora' from the Buy Button (spec §2). */
export function BuyArea(_props: { product: ProductDto; settings: Settings }) {
  return null;
}
