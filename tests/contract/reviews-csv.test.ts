import { describe, expect, it } from 'vitest';
import { seeded } from '../../src/demo/art-kit.ts';
import { decodeCsv, detectSeparator, parseCsv } from '../../src/reviews/csv.ts';
import { planDistribution } from '../../src/reviews/distribute.ts';
import { readReviewCsv } from '../../src/reviews/review-csv.ts';

const fields = (text: string) => parseCsv(text, detectSeparator(text)).map((r) => r.fields);
const csv = (text: string | Buffer, filename = 'avaliacoes.csv') => ({
  filename,
  data: typeof text === 'string' ? Buffer.from(text) : text,
});
const refusal = (text: string | Buffer, filename?: string) => {
  try {
    readReviewCsv(csv(text, filename));
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('parseCsv', () => {
  it('reads quoted separators, doubled quotes and line breaks inside quotes, with CRLF', () => {
    const text = 'nome,avaliacao,estrelas,cidade\r\n"Ana","Bom, bonito e ""barato""",5,"Rio"\r\n"Bia","linha 1\r\nlinha 2",4,SP\r\n';
    expect(fields(text)).toEqual([
      ['nome', 'avaliacao', 'estrelas', 'cidade'],
      ['Ana', 'Bom, bonito e "barato"', '5', 'Rio'],
      ['Bia', 'linha 1\nlinha 2', '4', 'SP'],
    ]);
  });

  it('numbers records by the physical line they start on, past multi-line fields', () => {
    const text = 'a;b\n"x\ny\nz";1\n\n;\nfim;2';
    expect(parseCsv(text, ';')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x\ny\nz', '1'] },
      { line: 7, fields: ['fim', '2'] },
    ]);
  });

  it('skips blank lines and all-blank records, keeps a quote inside an unquoted field as text', () => {
    expect(fields('a,b\n\n  \n,,\nO"Neil,2\n')).toEqual([
      ['a', 'b'],
      ['O"Neil', '2'],
    ]);
  });

  it('drops spaces before an opening quote, as spreadsheets do', () => {
    expect(fields('a, "b, c",d')).toEqual([['a', 'b, c', 'd']]);
  });

  it('refuses a quote left open, naming the line where it opened', () => {
    expect(() => parseCsv('a,b\nc,"aberto\n\n', ',')).toThrow('aspas não fechadas');
    try {
      parseCsv('a,b\nc,"aberto\n\n', ',');
    } catch (e) {
      expect((e as { line: number }).line).toBe(2);
    }
  });

  it('detects the separator from the header only, ignoring quoted text', () => {
    expect(detectSeparator('nome;avaliacao;estrelas;cidade\nA,B,C,D,E,F;1;x')).toBe(';');
    expect(detectSeparator('"a;b;c",x,y\n')).toBe(',');
  });
});

describe('decodeCsv', () => {
  it('drops a UTF-8 BOM', () => {
    expect(decodeCsv(Buffer.from('\uFEFFnome', 'utf8'))).toBe('nome');
  });
  it('decodes bytes that are not valid UTF-8 as Windows-1252', () => {
    expect(
      decodeCsv(
        Buffer.from([0x53, 0xe3, 0x6f, 0x20, 0x50, 0x61, 0x75, 0x6c, 0x6f, 0x3b, 0xf3, 0x74, 0x69, 0x6d, 0x6f, 0x80, 0x93, 0x94, 0x96]),
      ),
    ).toBe('São Paulo;ótimo€“”–');
  });
});

describe('readReviewCsv: awkward files', () => {
  it('reads an Excel export: BOM, semicolons, CRLF, header in another case and with accents', () => {
    const text = '\uFEFFNome;Avaliação;ESTRELAS;Cidade\r\nJosé;"Chegou rápido; recomendo";5;Goiânia\r\n';
    expect(readReviewCsv(csv(text))).toEqual([
      { reviewer_name: 'José', review_text: 'Chegou rápido; recomendo', rating: 5, reviewer_city: 'Goiânia' },
    ]);
  });

  it('reads a Windows-1252 file', () => {
    const bytes = Buffer.from('nome;avaliacao;estrelas;cidade\r\nMaria;ótimo;4;São Paulo\r\n', 'latin1');
    expect(readReviewCsv(csv(bytes))).toEqual([{ reviewer_name: 'Maria', review_text: 'ótimo', rating: 4, reviewer_city: 'São Paulo' }]);
  });

  it('accepts the four columns in any order and trims fields', () => {
    expect(readReviewCsv(csv('cidade,estrelas,nome,avaliacao\n Recife , 3 , Rui , ok \n'))).toEqual([
      { reviewer_name: 'Rui', review_text: 'ok', rating: 3, reviewer_city: 'Recife' },
    ]);
  });

  it('refuses a star value outside 1-5, naming the line', () => {
    expect(refusal('nome,avaliacao,estrelas,cidade\nA,ok,5,X\n\n"B","multi\nlinha",6,Y\n')).toBe(
      'Linha 4: estrelas deve ser um número de 1 a 5 (recebido "6")',
    );
    expect(refusal('nome,avaliacao,estrelas,cidade\nA,ok,4.5,X\n')).toMatch(/^Linha 2: estrelas/);
    expect(refusal('nome,avaliacao,estrelas,cidade\nA,ok,,X\n')).toMatch(/^Linha 2: estrelas/);
  });

  it('refuses a file with 3 columns, and a row with a different count', () => {
    expect(refusal('nome,avaliacao,estrelas\nA,ok,5\n')).toBe(
      'Linha 1: o arquivo deve ter 4 colunas (nome, avaliacao, estrelas, cidade), encontradas 3',
    );
    expect(refusal('nome,avaliacao,estrelas,cidade\nA,ok,5,X\nB,ok,5\n')).toBe('Linha 3: esperadas 4 colunas, encontradas 3');
  });

  it('refuses an unknown header, a missing name and an unclosed quote', () => {
    expect(refusal('name,review,stars,city\nA,ok,5,X\n')).toBe('Cabeçalho inválido: use as colunas nome, avaliacao, estrelas, cidade');
    expect(refusal('nome,avaliacao,estrelas,cidade\n ,ok,5,X\n')).toBe('Linha 2: nome vazio');
    expect(refusal('nome,avaliacao,estrelas,cidade\nA,"ok,5,X\n')).toBe('Linha 2: aspas não fechadas');
  });

  it('refuses an empty file, a header without rows, a non-CSV binary and a non-.csv name', () => {
    expect(() => readReviewCsv(undefined)).toThrow('Selecione um arquivo CSV');
    expect(refusal('')).toBe('O arquivo CSV está vazio');
    expect(refusal('\uFEFF\r\n\r\n')).toBe('O arquivo CSV está vazio');
    expect(refusal('nome,avaliacao,estrelas,cidade\r\n')).toBe('O arquivo CSV não tem nenhuma avaliação');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(refusal(png)).toBe('O arquivo não é um CSV de texto');
    expect(refusal('nome,avaliacao,estrelas,cidade\nA,ok,5,X\n', 'avaliacoes.xlsx')).toBe('O arquivo deve ter a extensão .csv');
  });

  it('refuses a file over 2 MB and one over 20000 rows', () => {
    expect(refusal(Buffer.alloc(2 * 1024 * 1024 + 1, 0x61))).toBe('Arquivo CSV muito grande (máx 2MB)');
    const rows = Array.from({ length: 20_001 }, (_, i) => `N${i},t,5,C`).join('\n');
    expect(refusal(`nome,avaliacao,estrelas,cidade\n${rows}`)).toBe('O arquivo CSV tem mais de 20000 avaliações');
  });
});

describe('planDistribution', () => {
  const check = (products: number, rows: number, seed: number) => {
    const plan = planDistribution(products, rows, seeded(seed));
    const used = plan.flat();
    expect(plan).toHaveLength(products);
    expect(new Set(used).size).toBe(used.length); // no row twice
    expect(used.every((r) => r >= 0 && r < rows)).toBe(true);
    return plan.map((p) => p.length);
  };

  it('gives every product 4 to 7 rows when there are plenty', () => {
    for (const seed of [1, 2, 3]) {
      const sizes = check(50, 1000, seed);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(4);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(7);
      expect(new Set(sizes).size).toBeGreaterThan(1); // the count varies per product
    }
  });

  it('keeps everyone at 4 or more when rows are just enough, and uses them all', () => {
    const sizes = check(10, 45, 7);
    expect(sizes.every((n) => n >= 4 && n <= 7)).toBe(true);
    expect(sizes.reduce((a, b) => a + b)).toBe(45);
    expect(check(10, 40, 8)).toEqual(Array(10).fill(4));
  });

  it('shares too few rows equally: every row used, shares differ by at most one', () => {
    const sizes = check(10, 25, 9);
    expect(sizes.reduce((a, b) => a + b)).toBe(25);
    expect(sizes.every((n) => n === 2 || n === 3)).toBe(true);
    const few = check(10, 3, 10);
    expect(few.filter((n) => n === 1)).toHaveLength(3);
    expect(few.filter((n) => n === 0)).toHaveLength(7);
  });

  it('is reproducible with a seeded source and differs between seeds', () => {
    expect(planDistribution(20, 200, seeded(42))).toEqual(planDistribution(20, 200, seeded(42)));
    expect(planDistribution(20, 200, seeded(42))).not.toEqual(planDistribution(20, 200, seeded(43)));
  });

  it('handles no products', () => {
    expect(planDistribution(0, 10, seeded(1))).toEqual([]);
  });
});
