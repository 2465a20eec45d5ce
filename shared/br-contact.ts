/**
 * A Brazilian shop's contact data as the law asks it be shown (Decreto 7.962/2013, art. 2):
 * telephone, postal code (CEP), state (UF) and e-mail. Each parser takes what an owner types and
 * gives the stored form, or the message that says what is wrong; '' is "not given".
 */
export type Parsed = { ok: true; value: string } | { ok: false; message: string };

export const CONTACT_MESSAGES = {
  phone: 'Telefone inválido: use DDD e número, como (11) 3456-7890, (11) 98765-4321 ou 0800 123 4567',
  postalCode: 'CEP inválido: use 8 dígitos, como 01310-100',
  state: 'UF inválida: use a sigla de um estado brasileiro, como SP',
  email: 'E-mail inválido: use um endereço como contato@sualoja.com.br',
} as const;

/** Area codes (DDD) in use in Brazil. */
const DDD = new Set(
  '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99'.split(
    ' ',
  ),
);

export const STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

const ok = (value: string): Parsed => ({ ok: true, value });
const bad = (message: string): Parsed => ({ ok: false, message });

/**
 * A phone number to its national digits: a mobile ('11987654321': DDD, 9 and 8 digits), a landline
 * ('1134567890': DDD, 2–5 and 7 digits), a toll-free or shared-cost number ('08001234567') or a
 * nationwide one ('40041234'). '+55' or '55' in front, spaces, dots, dashes and brackets are fine.
 */
export function parsePhone(raw: string): Parsed {
  let d = raw.replace(/[\s().-]/g, '');
  if (d === '') return ok('');
  if (!/^\+?\d+$/.test(d)) return bad(CONTACT_MESSAGES.phone);
  d = d.replace(/^\+/, '');
  if (/^55\d{10,11}$/.test(d)) d = d.slice(2);
  if (/^0[3589]00\d{7}$/.test(d) || /^[34]00\d{5}$/.test(d)) return ok(d);
  if (!DDD.has(d.slice(0, 2))) return bad(CONTACT_MESSAGES.phone);
  if (/^\d{2}9\d{8}$/.test(d) || /^\d{2}[2-5]\d{7}$/.test(d)) return ok(d);
  return bad(CONTACT_MESSAGES.phone);
}

/** A stored phone as people write it: (11) 98765-4321, (11) 3456-7890, 0800 123 4567, 4004-1234. */
export function formatPhone(d: string): string {
  if (/^0\d{10}$/.test(d)) return d.replace(/^(\d{4})(\d{3})(\d{4})$/, '$1 $2 $3');
  if (/^\d{8}$/.test(d)) return d.replace(/^(\d{4})(\d{4})$/, '$1-$2');
  if (/^\d{11}$/.test(d)) return d.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  if (/^\d{10}$/.test(d)) return d.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1) $2-$3');
  return d;
}

/** The number to dial from anywhere (tel: links, JSON-LD): +55 and the national digits; nationwide numbers as they are. */
export function internationalPhone(d: string): string {
  if (!d) return '';
  return /^\d{10,11}$/.test(d) && !d.startsWith('0') ? `+55${d}` : d;
}

/** A CEP to its 8 digits ('01310-100', '01310100' and '01.310-100' alike). */
export function parsePostalCode(raw: string): Parsed {
  const d = raw.replace(/[\s.-]/g, '');
  if (d === '') return ok('');
  return /^\d{8}$/.test(d) && d !== '00000000' ? ok(d) : bad(CONTACT_MESSAGES.postalCode);
}

export const formatPostalCode = (d: string) => d.replace(/^(\d{5})(\d{3})$/, '$1-$2');

/** A state's two-letter code, in capitals. */
export function parseState(raw: string): Parsed {
  const s = raw.trim().toUpperCase();
  if (s === '') return ok('');
  return (STATES as readonly string[]).includes(s) ? ok(s) : bad(CONTACT_MESSAGES.state);
}

/** An e-mail address: one '@', no spaces, a domain with a dot; the domain in lower case. At most 254 characters. */
export function parseEmail(raw: string): Parsed {
  const s = raw.trim();
  if (s === '') return ok('');
  const m = /^([^\s@"<>(),;:\\[\]]{1,64})@((?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63})$/.exec(s);
  if (!m || s.length > 254 || m[1]?.startsWith('.') || m[1]?.endsWith('.') || m[1]?.includes('..')) return bad(CONTACT_MESSAGES.email);
  return ok(`${m[1]}@${m[2]?.toLowerCase()}`);
}
