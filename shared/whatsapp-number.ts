/**
 * The shop's WhatsApp number (issue 18), as an owner types it, to E.164 ('+5511987654321').
 * Brazilian numbers may come without the country code: '(11) 98765-4321', '011 98765-4321' and
 * '5511987654321' all mean +55. Anything else needs its country code with '+' (or '00').
 * Pure and zod-free: the admin form and the server's contract use the same rule.
 */

/** Brazil's area codes (DDD) in use (Anatel's numbering plan). */
const DDD = new Set(
  [
    '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55',
    '61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99',
  ]
    .join(' ')
    .split(' '),
);

export const WHATSAPP_NUMBER_MESSAGE =
  'Número de WhatsApp inválido: informe o DDD e o número, como (11) 98765-4321, ou o código do país com +, como +351 912 345 678';

/** DDD + number: 9 digits starting with 9 (mobile) or 8 digits starting with 2–5 (landline, WhatsApp Business). */
function brazilian(national: string): string | null {
  if (!DDD.has(national.slice(0, 2))) return null;
  const subscriber = national.slice(2);
  const ok = subscriber.length === 9 ? subscriber.startsWith('9') : subscriber.length === 8 && /^[2-5]/.test(subscriber);
  return ok ? `+55${national}` : null;
}

/**
 * The number in E.164, '' for an empty field (no WhatsApp), or null when it cannot be a phone
 * number: letters, too few or too many digits, an unknown DDD, a Brazilian number of the wrong length.
 */
export function normalizeWhatsAppNumber(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return '';
  if (!/^\+?[\d\s().\-/]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) {
    if (international.startsWith('55')) return brazilian(international.slice(2));
    // E.164: a country code that does not start with 0, at most 15 digits in all.
    return /^[1-9]\d{6,14}$/.test(international) ? `+${international}` : null;
  }
  // Without a country code: Brazilian, with or without the trunk 0 ('011 …'), or 55 + DDD + number.
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return brazilian(digits.slice(2));
  return brazilian(digits.replace(/^0/, ''));
}
