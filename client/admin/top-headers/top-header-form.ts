import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { DEFAULT_SORT_ORDER, TOP_HEADER_DEFAULTS, type TopHeaderDto, ZTopHeaderCreate } from '../../../shared/content.ts';

/** The top header form's values, sent as they are to topHeaders.create / update (ZTopHeaderCreate). */
export type TopHeaderValues = { text: string; bg_color: string; text_color: string; sort_order: number | string };

export const emptyTopHeader: TopHeaderValues = { text: '', ...TOP_HEADER_DEFAULTS, sort_order: DEFAULT_SORT_ORDER };

export const topHeaderValues = (t: TopHeaderDto): TopHeaderValues => ({
  text: t.text,
  bg_color: t.bg_color,
  text_color: t.text_color,
  sort_order: t.sort_order,
});

/** The server's contract, plus the text it requires (top-header.service: 'Informe o texto do Top Header'). */
export function useTopHeaderSchema() {
  const { t } = useLingui();
  return useMemo(() => ZTopHeaderCreate.refine((v) => v.text !== '', { message: t`Informe o texto do Top Header`, path: ['text'] }), [t]);
}
