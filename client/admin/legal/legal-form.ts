import { formatPhone, formatPostalCode, parseEmail, parsePhone, parsePostalCode, parseState } from '../../../shared/br-contact.ts';
import { formatTaxId, parseTaxId } from '../../../shared/br-document.ts';
import { LEGAL_KEYS, type LegalInfo, type LegalView, legalView } from '../../../shared/legal-info.ts';

export { LEGAL_KEYS };

/** A stored value shown formatted in its field (12.345.678/0001-95, (11) 98765-4321, 01310-100); what the owner types stays as typed. */
export const SHOWN_FORMATTED = {
  legal_tax_id: (v: string) => formatTaxId(v) || v,
  legal_phone: (v: string) => (/^\d{8,11}$/.test(v) ? formatPhone(v) : v),
  legal_postal_code: (v: string) => (/^\d{8}$/.test(v) ? formatPostalCode(v) : v),
} as const;

/**
 * The footer preview of what the form holds, with each field as the server will store it (a field
 * the server would refuse shows as typed; its message is under the field).
 */
export function previewOf(typed: Partial<LegalInfo>, siteTitle: string): LegalView {
  // Before the saved values arrive the form holds nothing yet.
  const values = Object.fromEntries(LEGAL_KEYS.map((k) => [k, String(typed[k] ?? '')])) as LegalInfo;
  const keep = (r: { ok: true; value: string } | { ok: false }, raw: string) => (r.ok ? r.value : raw);
  const tax = parseTaxId(values.legal_tax_id);
  return legalView({
    ...values,
    legal_tax_id: tax.ok ? (tax.id?.value ?? '') : '',
    legal_state: keep(parseState(values.legal_state), values.legal_state),
    legal_postal_code: keep(parsePostalCode(values.legal_postal_code), ''),
    legal_email: keep(parseEmail(values.legal_email), values.legal_email),
    legal_phone: keep(parsePhone(values.legal_phone), ''),
    site_title: siteTitle,
  });
}
