/**
 * The free-shipping settings (issue 18): their defaults, messages and the cross-field rule, for the
 * server and the admin. The storefront's display (shared/free-shipping.ts) imports only the type,
 * so its first download carries none of this.
 */
export const FREE_SHIPPING_DEFAULTS = {
  free_shipping_enabled: false,
  free_shipping_threshold: '0.00',
  free_shipping_show_top: true,
  free_shipping_show_product: true,
} as const;
export type FreeShippingKey = keyof typeof FREE_SHIPPING_DEFAULTS;
export const FREE_SHIPPING_KEYS = Object.keys(FREE_SHIPPING_DEFAULTS) as FreeShippingKey[];
export type FreeShippingSettings = {
  free_shipping_enabled: boolean;
  free_shipping_threshold: string;
  free_shipping_show_top: boolean;
  free_shipping_show_product: boolean;
};

export const FREE_SHIPPING_MESSAGES = {
  threshold: 'Valor mínimo para frete grátis inválido: use um valor maior ou igual a zero com até 2 casas decimais (ex.: 199,00)',
  required: 'Informe um valor mínimo acima de zero para o frete grátis',
} as const;

/** The cross-field rule: a promise that is on names an amount above zero. */
export function freeShippingProblem(enabled: boolean, threshold: string): string | null {
  return enabled && !(Number(threshold) > 0) ? FREE_SHIPPING_MESSAGES.required : null;
}
