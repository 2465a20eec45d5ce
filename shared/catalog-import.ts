import { z } from 'zod';

/** Largest product CSV the admin may send, in bytes (stated on the screen). */
export const CSV_IMPORT_MAX_MB = 20;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refuse'] as const;

/** How many rows of an import plan create, update, leave unchanged or refuse (CSV and Shopify alike). */
export const ZCounts = z.object({ create: z.number(), update: z.number(), unchanged: z.number(), refuse: z.number() });

export const ZImportPlanRow = z.object({
  ref: z.string(),
  line: z.number().nullable(),
  slug: z.string(),
  title: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  reason: z.string().nullable(),
  productId: z.number().nullable(),
  changes: z.array(z.string()),
  newImages: z.number(),
});
export type ImportPlanRowDto = z.infer<typeof ZImportPlanRow>;

/** POST /admin-api/import/csv: the dry run's summary (its rows are read page by page). */
export const ZCsvDryRun = z.object({
  ok: z.literal(true),
  draftId: z.string(),
  fileName: z.string(),
  counts: ZCounts,
  images: z.number(),
  newCollections: z.array(z.string()),
  encoding: z.string(),
  delimiter: z.string(),
});
export type CsvDryRun = z.infer<typeof ZCsvDryRun>;

export const IMPORT_ROWS_PAGE = { default: 50, max: 200 } as const;
export const ZCsvDraftRowsInput = z.object({
  draftId: z.string().max(64),
  action: z.enum(IMPORT_ACTIONS).nullish(),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(IMPORT_ROWS_PAGE.max).default(IMPORT_ROWS_PAGE.default),
});
export const ZCsvDraftRows = z.object({ rows: z.array(ZImportPlanRow), total: z.number() });

export const ZDraftInput = z.object({ draftId: z.string().max(64) });

/** The running or last import of the shop (whatever its source: CSV or Shopify), or null. */
export const ZImportJobStatus = z
  .object({
    id: z.string(),
    label: z.string(),
    state: z.enum(['running', 'done', 'failed', 'cancelled']),
    progress: z.object({ phase: z.enum(['images', 'saving']), done: z.number(), total: z.number() }),
    error: z.string().nullable(),
    result: z
      .object({
        counts: ZCounts,
        imagesAdded: z.number(),
        newCollections: z.array(z.string()),
        imageFailures: z.array(z.object({ ref: z.string(), line: z.number().nullable(), url: z.string(), reason: z.string() })),
      })
      .nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .nullable();
export type ImportJobStatusDto = z.infer<typeof ZImportJobStatus>;
