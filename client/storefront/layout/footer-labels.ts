import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Footer section titles and link labels are translation keys (spec §2): known ones are translated,
 * anything else an owner typed is shown as written.
 */
const KNOWN = {
  payments: msg`Formas de pagamento`,
  Institucional: msg`Institucional`,
  Ajuda: msg`Ajuda`,
  Políticas: msg`Políticas`,
  'Quem somos': msg`Quem somos`,
  'Nossa história': msg`Nossa história`,
  'Trabalhe conosco': msg`Trabalhe conosco`,
  'Perguntas frequentes': msg`Perguntas frequentes`,
  'Política de trocas': msg`Política de trocas`,
  'Fale conosco': msg`Fale conosco`,
  'Rastrear pedido': msg`Rastrear pedido`,
  'Formas de pagamento': msg`Formas de pagamento`,
  Parcelamento: msg`Parcelamento`,
  'Termos de uso': msg`Termos de uso`,
  'Política de privacidade': msg`Política de privacidade`,
  'Política de cookies': msg`Política de cookies`,
} as const;

export function footerLabel(i18n: I18n, key: string): string {
  const known = (KNOWN as Record<string, (typeof KNOWN)[keyof typeof KNOWN]>)[key];
  return known ? i18n._(known) : key;
}
