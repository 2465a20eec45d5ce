import type { Logger } from '../context.ts';
import { ImportJobs } from './import-jobs.ts';
import type { ImportOptions, ImportProduct, PlanRow } from './import-types.ts';

/** A dry run kept for its 'Importar': the products it checked (as the source gave them), its rows and options. */
export type ImportDraft = { id: string; products: ImportProduct[]; rows: PlanRow[]; options: ImportOptions };

/**
 * What one shop process keeps for its imports: the job (one at a time, whatever the source) and
 * the Shopify shop's last dry run (one, replaced by the next).
 */
export type ImportState = { jobs: ImportJobs; shopifyDraft: ImportDraft | null };

export function createImportState(log?: Pick<Logger, 'error'>): ImportState {
  return { jobs: new ImportJobs(log), shopifyDraft: null };
}
