import type { Logger } from '../context.ts';
import type { CsvDraft } from './csv-import.service.ts';
import { ImportJobs } from './import-jobs.ts';
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
