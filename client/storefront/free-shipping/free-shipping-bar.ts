import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TopHeaderDto } from '../../../shared/content.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { freeShippingAt, thresholdText } from '../../../shared/free-shipping.ts';
import type { Settings } from '../../../shared/settings.ts';

/** Not a stored announcement: the id no row has. */
export const FREE_SHIPPING_BAR_ID = -1;

/**
 * The announcement bar's messages with 'Frete grátis acima de R$ 199' first while the owner shows
 * it at the top: the first message is the one every page is rendered with. It takes the colours of
 * the owner's first announcement (the bar keeps one look), else the shop's primary colour under
 * white text (shared/content.ts's defaults would bring zod into the storefront).
 */
export function withFreeShipping(items: TopHeaderDto[], settings: Settings, i18n: I18n): TopHeaderDto[] {
  const threshold = freeShippingAt(settings, 'top');
  if (threshold === null) return items;
  const value = thresholdText(threshold, settings.currency as CurrencyCode);
  const first = items[0];
  return [
    {
      id: FREE_SHIPPING_BAR_ID,
      text: i18n._(msg`Frete grátis acima de ${value}`),
      bg_color: first?.bg_color ?? settings.site_primary_color,
      text_color: first?.text_color ?? '#ffffff',
      sort_order: 0,
    },
    ...items,
  ];
}
