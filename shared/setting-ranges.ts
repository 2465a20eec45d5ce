import { LIMITS } from './limits.ts';

/**
 * The numeric settings, their ranges (spec §5) and the message an out-of-range value gets. A value
 * outside its range is refused, never replaced by the default: the owner sees why and nothing is saved.
 */
const ranged = (limits: { min: number; max: number; default: number }, what: string, unit: string) => ({
  ...limits,
  message: `${what} deve estar entre ${limits.min} e ${limits.max}${unit}`,
});

export const SETTING_RANGES = {
  product_thumbnail_size: ranged(LIMITS.thumbnailSize, 'Tamanho das miniaturas', ' px'),
  shipping_min_days: ranged(LIMITS.shippingMinDays, 'Prazo mínimo', ' dias úteis'),
  shipping_max_days: ranged(LIMITS.shippingMaxDays, 'Prazo máximo', ' dias úteis'),
  payment_icon_size: ranged(LIMITS.paymentIconSize, 'Tamanho dos ícones', ' px'),
  product_button_width_percent: ranged(LIMITS.productButtonWidth, 'Largura do botão', '%'),
  product_button_height_px: ranged(LIMITS.productButtonHeight, 'Altura do botão', ' px'),
  installments_max: ranged(LIMITS.installments, 'Número máximo de parcelas', ''),
  installments_interest_free: ranged(LIMITS.installments, 'Parcelas sem juros', ''),
};
export type RangedSetting = keyof typeof SETTING_RANGES;

/** Percentages with up to 2 decimals (7,5 or 7.5), in their range. */
const percent = (limits: { min: number; max: number; default: number }, what: string) => ({
  ...limits,
  message: `${what} deve estar entre ${limits.min} e ${limits.max}% com até 2 casas decimais`,
});
export const PERCENT_RANGES = {
  pix_discount_percent: percent(LIMITS.pixDiscountPercent, 'Desconto no Pix'),
  installments_interest_rate: percent(LIMITS.installmentsInterestRate, 'Juros ao mês'),
};

export const MIN_INSTALMENT_MESSAGE = 'Parcela mínima inválida: use um valor maior ou igual a zero com até 2 casas decimais (ex.: 5,00)';
export const INSTALLMENTS_ORDER_MESSAGE = 'Parcelas sem juros não pode ser maior que o número máximo de parcelas';

/** Installments' cross-field rule: the interest-free count is at most the maximum count. */
export function installmentsProblem(max: number, free: number): string | null {
  return Number.isInteger(max) && Number.isInteger(free) && free > max ? INSTALLMENTS_ORDER_MESSAGE : null;
}

export const SHIPPING_DAYS_ORDER_MESSAGE = 'Prazo mínimo não pode ser maior que o prazo máximo';

/**
 * The delivery estimate's one cross-field rule: the minimum is at most the maximum. Returns the
 * message when the pair breaks it, else null. The server applies it to the values a change leaves
 * stored (a change may send only one of the two); the admin form to what it shows.
 */
export function shippingDaysProblem(min: number, max: number): string | null {
  return Number.isInteger(min) && Number.isInteger(max) && min > max ? SHIPPING_DAYS_ORDER_MESSAGE : null;
}
