import { formatPhone, formatPostalCode, internationalPhone } from './br-contact.ts';
import { formatTaxId, labelledTaxId, taxIdKind } from './br-document.ts';

/**
 * The information the law asks an online shop to show prominently (Decreto 7.962/2013, art. 2):
 * its name (razão social, or the owner's name), CNPJ or CPF, physical address and how to reach it.
 * Settings columns (issue 18 part 3), each optional and validated on the server; stored normalised.
 */
export const LEGAL_DEFAULTS = {
  legal_name: '',
  legal_tax_id: '',
  legal_street: '',
  legal_district: '',
  legal_city: '',
  legal_state: '',
  legal_postal_code: '',
  legal_email: '',
  legal_phone: '',
} as const;
export type LegalKey = keyof typeof LEGAL_DEFAULTS;
export const LEGAL_KEYS = Object.keys(LEGAL_DEFAULTS) as LegalKey[];
export type LegalInfo = Record<LegalKey, string>;

/** The shop's identity as people read it, every part formatted; '' where the owner gave nothing. */
export type LegalView = {
  /** Razão social, else the shop's title: who the shopper deals with. */
  name: string;
  /** The razão social or name as given ('' when not), and the shop's title. */
  legalName: string;
  siteTitle: string;
  /** 'CNPJ 12.345.678/0001-95' / 'CPF 123.456.789-09'. */
  taxId: string;
  taxIdKind: 'cnpj' | 'cpf' | null;
  taxIdNumber: string;
  /** 'Rua Exemplo, 123 – Centro, São Paulo – SP, CEP 01310-100', and its parts (street with district, city, UF, CEP formatted). */
  address: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  email: string;
  /** '(11) 3456-7890' and '+551134567890'. */
  phone: string;
  phoneDial: string;
  /** Something beyond the shop's title was given. */
  any: boolean;
};

export function legalView(s: LegalInfo & { site_title: string }): LegalView {
  const place = [s.legal_city, s.legal_state].filter(Boolean).join(' – ');
  const street = [s.legal_street, s.legal_district].filter(Boolean).join(' – ');
  const cep = s.legal_postal_code ? `CEP ${formatPostalCode(s.legal_postal_code)}` : '';
  const address = [street, place, cep].filter(Boolean).join(', ');
  return {
    name: s.legal_name || s.site_title,
    legalName: s.legal_name,
    siteTitle: s.site_title,
    taxId: labelledTaxId(s.legal_tax_id),
    taxIdKind: taxIdKind(s.legal_tax_id),
    taxIdNumber: formatTaxId(s.legal_tax_id),
    address,
    street,
    city: s.legal_city,
    state: s.legal_state,
    postalCode: s.legal_postal_code ? formatPostalCode(s.legal_postal_code) : '',
    email: s.legal_email,
    phone: s.legal_phone ? formatPhone(s.legal_phone) : '',
    phoneDial: internationalPhone(s.legal_phone),
    any: LEGAL_KEYS.some((k) => s[k] !== ''),
  };
}
