import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Every text the Buy Button shows, translated through Lingui (the SDK's own are English and
 * upper-case). Cart texts follow spec §9: in `en` they are the SDK's defaults (Subtotal, Checkout,
 * Cart, 'Shipping and discount codes are added at checkout.', 'Your cart is empty.').
 */
const TEXTS = {
  addToCart: msg`Adicionar ao Carrinho`,
  buyNow: msg`Comprar Agora`,
  outOfStock: msg`Esgotado`,
  unavailable: msg`Indisponível`,
  regularPrice: msg`Preço normal`,
  salePrice: msg`Preço promocional`,
  cartTitle: msg`Carrinho`,
  cartEmpty: msg`Seu carrinho está vazio.`,
  checkout: msg`Finalizar Compra`,
  subtotal: msg`Subtotal`,
  notice: msg`Frete e cupons de desconto são adicionados no checkout.`,
  closeCart: msg`Fechar carrinho`,
  noteDescription: msg`Instruções especiais para a loja`,
  quantity: msg`Quantidade`,
  decrease: msg`Diminuir a quantidade em um`,
  increase: msg`Aumentar a quantidade em um`,
};

export type SdkTexts = Record<keyof typeof TEXTS, string>;

/** The SDK's texts in the page's locale. */
export function sdkTexts(i18n: I18n): SdkTexts {
  return Object.fromEntries(Object.entries(TEXTS).map(([key, descriptor]) => [key, i18n._(descriptor)])) as SdkTexts;
}
