import { describe, expect, it } from 'vitest';
import { formatPhone, internationalPhone, parseEmail, parsePhone, parsePostalCode, parseState } from '../shared/br-contact.ts';
import { formatTaxId, isValidCnpj, isValidCpf, labelledTaxId, parseTaxId, TAX_ID_MESSAGES } from '../shared/br-document.ts';

/** CNPJ and CPF: check digits, repeated digits, formats typed, normalised storage and display (issue 18 part 3). */
describe('CNPJ and CPF', () => {
  it.each([
    // typed, stored, shown
    ['11.222.333/0001-81', '11222333000181', 'CNPJ 11.222.333/0001-81'],
    ['11222333000181', '11222333000181', 'CNPJ 11.222.333/0001-81'],
    [' 11 222 333 0001 81 ', '11222333000181', 'CNPJ 11.222.333/0001-81'],
    ['11.444.777/0001-61', '11444777000161', 'CNPJ 11.444.777/0001-61'],
    // Alphanumeric CNPJ (IN RFB 2.229/2024, issued from July 2026): the Receita Federal's own example; lower case is accepted.
    ['12.ABC.345/01DE-35', '12ABC34501DE35', 'CNPJ 12.ABC.345/01DE-35'],
    ['12.abc.345/01de-35', '12ABC34501DE35', 'CNPJ 12.ABC.345/01DE-35'],
    ['529.982.247-25', '52998224725', 'CPF 529.982.247-25'],
    ['52998224725', '52998224725', 'CPF 529.982.247-25'],
    ['123.456.789-09', '12345678909', 'CPF 123.456.789-09'],
    // A check digit of 0 (rest < 2).
    ['111.444.777-35', '11144477735', 'CPF 111.444.777-35'],
  ])('accepts %s as %s, shown %s', (typed, stored, shown) => {
    const r = parseTaxId(typed);
    expect(r).toEqual({ ok: true, id: { kind: stored.length === 11 ? 'cpf' : 'cnpj', value: stored } });
    expect(labelledTaxId(stored)).toBe(shown);
  });

  it.each([
    ['11.222.333/0001-82', TAX_ID_MESSAGES.cnpj],
    ['11.222.333/0001-18', TAX_ID_MESSAGES.cnpj],
    ['12.ABC.345/01DE-36', TAX_ID_MESSAGES.cnpj],
    ['529.982.247-24', TAX_ID_MESSAGES.cpf],
    ['123.456.789-90', TAX_ID_MESSAGES.cpf],
    // Repeated digits pass the sums but are no one's number.
    ['111.111.111-11', TAX_ID_MESSAGES.repeated],
    ['000.000.000-00', TAX_ID_MESSAGES.repeated],
    ['00.000.000/0000-00', TAX_ID_MESSAGES.repeated],
    ['99.999.999/9999-99', TAX_ID_MESSAGES.repeated],
    // Neither length, letters where a CPF or the check digits are, other characters.
    ['1234567890', TAX_ID_MESSAGES.invalid],
    ['123456789012', TAX_ID_MESSAGES.invalid],
    ['529.982.247-2X', TAX_ID_MESSAGES.invalid],
    ['12.ABC.345/01DE-3A', TAX_ID_MESSAGES.invalid],
    ['11_222_333_0001_81', TAX_ID_MESSAGES.invalid],
  ])('refuses %s: %s', (typed, message) => {
    expect(parseTaxId(typed)).toEqual({ ok: false, message });
  });

  it('takes empty text as no tax id, and formats nothing for it', () => {
    expect(parseTaxId('  ')).toEqual({ ok: true, id: null });
    expect(formatTaxId('')).toBe('');
    expect(labelledTaxId('')).toBe('');
  });

  it('checks repeated digits in the validators too', () => {
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });
});

describe('phone, CEP, UF and e-mail', () => {
  it.each([
    ['(11) 98765-4321', '11987654321', '(11) 98765-4321', '+5511987654321'],
    ['+55 11 98765-4321', '11987654321', '(11) 98765-4321', '+5511987654321'],
    ['5521 3456-7890', '2134567890', '(21) 3456-7890', '+552134567890'],
    ['0800 123 4567', '08001234567', '0800 123 4567', '08001234567'],
    ['4004-1234', '40041234', '4004-1234', '40041234'],
  ])('phone %s is stored %s, shown %s, dialled %s', (typed, stored, shown, dial) => {
    expect(parsePhone(typed)).toEqual({ ok: true, value: stored });
    expect(formatPhone(stored)).toBe(shown);
    expect(internationalPhone(stored)).toBe(dial);
  });

  it.each(['123', '(10) 98765-4321', '(11) 8765-43210', '(11) 1234-5678', '11 98765-432a', '+1 415 555 0100'])(
    'refuses phone %s',
    (typed) => {
      expect(parsePhone(typed).ok).toBe(false);
    },
  );

  it('normalises a CEP, a UF and an e-mail, and refuses bad ones', () => {
    expect(parsePostalCode('01310-100')).toEqual({ ok: true, value: '01310100' });
    expect(parsePostalCode('01310-10').ok).toBe(false);
    expect(parsePostalCode('00000-000').ok).toBe(false);
    expect(parseState('sp')).toEqual({ ok: true, value: 'SP' });
    expect(parseState('XX').ok).toBe(false);
    expect(parseEmail(' Contato@Loja.COM.br ')).toEqual({ ok: true, value: 'Contato@loja.com.br' });
    for (const bad of ['contato', 'contato@loja', 'a b@loja.com', 'contato@@loja.com', '.a@loja.com', 'a..b@loja.com'])
      expect(parseEmail(bad).ok, bad).toBe(false);
  });
});
