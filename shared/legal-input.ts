import { z } from 'zod';
import { type Parsed, parseEmail, parsePhone, parsePostalCode, parseState } from './br-contact.ts';
import { parseTaxId } from './br-document.ts';
import type { LegalKey } from './legal-info.ts';
import { zLine, zName } from './text-fields.ts';

/** How settings.get answers them (the stored, normalised text). */
export const ZLegalSettings = {
  legal_name: z.string().max(200),
  legal_tax_id: z.string().max(14),
  legal_street: z.string().max(200),
  legal_district: z.string().max(100),
  legal_city: z.string().max(100),
  legal_state: z.string().max(2),
  legal_postal_code: z.string().max(8),
  legal_email: z.string().max(254),
  legal_phone: z.string().max(11),
};

const tooLong = (what: string, max: number) => `${what} deve ter no máximo ${max} caracteres`;

/** A text parsed by `parse` into its stored form; a refusal carries the parser's message. */
const normalised = (parse: (raw: string) => Parsed, fallback: string) =>
  z.unknown().transform((v, ctx) => {
    const result = typeof v === 'string' ? parse(v) : { ok: false as const, message: fallback };
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

const taxId = (raw: string): Parsed => {
  const r = parseTaxId(raw);
  return r.ok ? { ok: true, value: r.id?.value ?? '' } : r;
};

/** The update form of each field (used by shared/settings-input.ts). */
export const LEGAL_INPUTS: Record<LegalKey, z.ZodType> = {
  legal_name: zName({ trim: true, max: 200, tooLong: tooLong('Razão social ou nome', 200) }),
  legal_tax_id: normalised(taxId, 'CNPJ ou CPF inválido'),
  legal_street: zLine({ trim: true, max: 200, tooLong: tooLong('Endereço', 200) }),
  legal_district: zLine({ trim: true, max: 100, tooLong: tooLong('Bairro', 100) }),
  legal_city: zLine({ trim: true, max: 100, tooLong: tooLong('Cidade', 100) }),
  legal_state: normalised(parseState, 'UF inválida'),
  legal_postal_code: normalised(parsePostalCode, 'CEP inválido'),
  legal_email: normalised(parseEmail, 'E-mail inválido'),
  legal_phone: normalised(parsePhone, 'Telefone inválido'),
};
