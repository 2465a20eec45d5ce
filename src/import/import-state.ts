import type { ImportJobStatusDto } from '../../shared/catalog-import.ts';
import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext, Logger } from '../context.ts';
import { AppError } from '../errors.ts';
import type { CsvDraft } from './csv-import.service.ts';
import { type ImportJobStatus, ImportJobs } from './import-jobs.ts';
import type { ImportOptions, ImportProduct, PlanRow } from './import-types.ts';

/** A dry run kept for its 'Importar': the products it checked (as the source gave them), its rows and options. */
export type ImportDraft = { id: string; products: ImportProduct[]; rows: PlanRow[]; options: ImportOptions };

/**
 * What one shop process keeps for its imports: the job (one at a time, whatever the source), the
 * CSV checked by the last dry run and the Shopify shop's last dry run (one each, replaced by the
 * next). Image fetches follow the request context's `outbound` policy.
 */
export type ImportState = { jobs: ImportJobs; csvDraft: CsvDraft | null; shopifyDraft: ImportDraft | null };

export function createImportState(log?: Pick<Logger, 'error'>): ImportState {
  return { jobs: new ImportJobs(log), csvDraft: null, shopifyDraft: null };
}

/** The process's import state; a context built without it (a script) cannot import. */
export function importsOf(ctx: AppContext): ImportState {
  if (!ctx.imports) throw new AppError('UNAVAILABLE', MESSAGES.unavailable);
  return ctx.imports;
}

/** A job's status as the admin sees it: without its per-product rows (the dry run showed them), at most 500 image failures. */
export function toStatusDto(s: ImportJobStatus | null): ImportJobStatusDto {
  if (!s) return null;
  const { result, ...rest } = s;
  return {
    ...rest,
    result: result && {
      counts: result.counts,
      imagesAdded: result.imagesAdded,
      newCollections: result.newCollections,
      imageFailures: result.imageFailures.slice(0, 500),
    },
  };
}

/** The running or last import, whatever its source (CSV or Shopify). */
export const importStatus = (ctx: AppContext): ImportJobStatusDto => toStatusDto(importsOf(ctx).jobs.status());

/** Asks the running import to stop: nothing of it is kept. */
export const cancelImport = (ctx: AppContext) => ({ cancelled: importsOf(ctx).jobs.cancel() });
