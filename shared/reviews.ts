import { z } from 'zod';
import { zBool } from './coerce.ts';
import { zId } from './ids.ts';

/** CSV import limits: a file bigger than this is refused before it is parsed. */
export const REVIEW_CSV_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 20_000, maxNameLength: 255, maxCityLength: 255 } as const;

/** The spec's import texts (§5, §8) plus the server's own refusals, in Portuguese like the rest. */
export const REVIEW_MESSAGES = {
  imported: 'Avaliações importadas com sucesso',
  fileRequired: 'Selecione um arquivo CSV',
  notCsvName: 'O arquivo deve ter a extensão .csv',
  notCsvContent: 'O arquivo não é um CSV de texto',
  tooLarge: 'Arquivo CSV muito grande (máx 2MB)',
  tooManyRows: 'O arquivo CSV tem mais de 20000 avaliações',
  empty: 'O arquivo CSV está vazio',
  noRows: 'O arquivo CSV não tem nenhuma avaliação',
  badHeader: 'Cabeçalho inválido: use as colunas nome, avaliacao, estrelas, cidade',
  noProducts: 'Cadastre produtos antes de importar avaliações',
} as const;

export const ZReviewListInput = z.object({ product_id: zId });

export const ZReview = z.object({
  id: z.number(),
  reviewer_name: z.string(),
  reviewer_city: z.string(),
  rating: z.number(),
  review_text: z.string(),
});
export type ReviewDto = z.infer<typeof ZReview>;

export const ZReviewStats = z.object({
  average: z.number(),
  total: z.number(),
  distribution: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
});
export type ReviewStats = z.infer<typeof ZReviewStats>;

export const ZReviewList = z.object({ reviews: z.array(ZReview), stats: ZReviewStats });
export type ReviewListDto = z.infer<typeof ZReviewList>;

/** The text fields of the import form; the `csv` file travels beside them. */
export const ZReviewImportFields = z.object({ clear_existing: zBool.optional().default(false) });

export const ZReviewImportResult = z.object({
  error: z.literal(false),
  message: z.string(),
  stats: z.object({ total_reviews: z.number(), total_products: z.number(), reviews_in_csv: z.number() }),
});
export type ReviewImportResult = z.infer<typeof ZReviewImportResult>;

/** How many parsed rows and row problems a preview shows (the file's totals come beside them). */
export const REVIEW_PREVIEW_LIMITS = { rows: 5, errors: 20 } as const;

/**
 * A dry run of the import (nothing is written): how the server read the file, its first rows as
 * they would become reviews, and the rows it would refuse, so a wrong file is caught first.
 */
export const ZReviewImportPreview = z.object({
  separator: z.enum([';', ',']),
  encoding: z.enum(['utf-8', 'windows-1252']),
  /** Data rows in the file (header not counted). */
  total_rows: z.number(),
  valid_rows: z.number(),
  /** Valid rows left after dropping repeated ones: what the import would hand out. */
  distinct_rows: z.number(),
  /** Products in the shop now; the import needs at least one. */
  products: z.number(),
  /**
   * The fewest and most reviews a product will get from the distinct rows (4 to 7 when there are
   * at least 4 per product; else equal shares, 0 for some when there are fewer rows than products).
   */
  per_product: z.object({ min: z.number(), max: z.number() }),
  rows: z.array(ZReview.omit({ id: true }).extend({ line: z.number() })),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
  error_count: z.number(),
});
export type ReviewImportPreview = z.infer<typeof ZReviewImportPreview>;
