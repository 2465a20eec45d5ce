import { describe, expect, it } from 'vitest';
import { WHATSAPP_INPUTS } from '../shared/whatsapp-input.ts';
import { whatsappLink } from '../shared/whatsapp-link.ts';
import { normalizeWhatsAppNumber } from '../shared/whatsapp-number.ts';

describe('WhatsApp number: E.164, +55 when a Brazilian number comes without a country code', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11 98765 4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['011 98765-4321', '+5511987654321'], // trunk 0
    ['5511987654321', '+5511987654321'], // country code without +
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['0055 11 98765-4321', '+5511987654321'], // international prefix 00
    ['  +55 21 2345-6789 ', '+552123456789'], // landline (WhatsApp Business)
    ['(55) 99123-4567', '+5555991234567'], // DDD 55 (Santa Maria, RS) is a DDD, not the country
    ['+351 912 345 678', '+351912345678'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['', ''], // no WhatsApp
    ['   ', ''],
  ])('%j → %j', (typed, e164) => {
    expect(normalizeWhatsAppNumber(typed)).toBe(e164);
  });

  it.each([
    ['98765-4321', 'no DDD'],
    ['(10) 98765-4321', 'DDD 10 does not exist'],
    ['(20) 98765-4321', 'DDD 20 does not exist'],
    ['(11) 8765-43210', 'nine digits must start with 9'],
    ['(11) 9876-5432', 'eight digits starting with 9: an old mobile number'],
    ['(11) 98765-43210', 'too many digits'],
    ['+55 11 8765-4321', 'the +55 form follows the same rule'],
    ['+0 123 4567', 'country code cannot start with 0'],
    ['+12345', 'too short'],
    ['+1234567890123456', 'longer than 15 digits'],
    ['11 98765-4321 ramal 2', 'letters'],
    ['+55 11 98765-4321#', 'symbols'],
    ['++5511987654321', 'two plus signs'],
  ])('refuses %j (%s)', (typed) => {
    expect(normalizeWhatsAppNumber(typed)).toBeNull();
  });

  it('the settings contract gives the Portuguese message and the E.164 form', () => {
    expect(WHATSAPP_INPUTS.whatsapp_number.parse('(11) 98765-4321')).toBe('+5511987654321');
    const bad = WHATSAPP_INPUTS.whatsapp_number.safeParse('1234');
    expect(bad.error?.issues[0]?.message).toMatch(/^Número de WhatsApp inválido: informe o DDD e o número, como \(11\) 98765-4321/);
    expect(WHATSAPP_INPUTS.whatsapp_number.safeParse(5511987654321).success).toBe(false);
  });
});

describe('wa.me links: the message percent-encoded as UTF-8', () => {
  const text = (link: string) => new URL(link).searchParams.get('text');

  it.each([
    ['Olá, tudo bem? Preço: R$ 79,90', 'Ol%C3%A1%2C%20tudo%20bem%3F%20Pre%C3%A7o%3A%20R%24%2079%2C90'],
    ['Camisa P&B #2 + brinde', 'Camisa%20P%26B%20%232%20%2B%20brinde'],
    ['linha 1\nlinha 2', 'linha%201%0Alinha%202'],
    ['linha 1\r\nlinha 2', 'linha%201%0Alinha%202'], // CRLF from a textarea: one line break
    ['Caneca ☕ 🎁', 'Caneca%20%E2%98%95%20%F0%9F%8E%81'],
    ['50% off = 1/2', '50%25%20off%20%3D%201%2F2'],
  ])('%j', (message, encoded) => {
    const link = whatsappLink('+5511987654321', message);
    expect(link).toBe(`https://wa.me/5511987654321?text=${encoded}`);
    expect(text(link)).toBe(message.replace(/\r\n/g, '\n')); // decodes back to exactly what was written
  });

  it('sends only digits in the path and no text parameter without a message', () => {
    expect(whatsappLink('+55 (11) 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsappLink('+5511987654321', '  \n ')).toBe('https://wa.me/5511987654321');
  });

  it('turns a broken surrogate into U+FFFD instead of throwing', () => {
    expect(whatsappLink('+5511987654321', 'a\ud83db')).toBe('https://wa.me/5511987654321?text=a%EF%BF%BDb');
  });
});
