import type { Logger } from '../context.ts';
import type { OutboundPolicy } from '../net/public-fetch.ts';
import type { CsvDraft } from './csv-import.service.ts';
import { ImportJobs } from './import-jobs.ts';

/**
 * What one shop process keeps for its imports: the job (one at a time), the CSV checked by the
 * last dry run (one, replaced by the next upload), and the outbound policy for image fetches
 * (`allowPrivateAddresses` only from tests, through buildApp; never from configuration).
 */
export type ImportState = { jobs: ImportJobs; csvDraft: CsvDraft | null; policy?: OutboundPolicy };

export function createImportState(log?: Pick<Logger, 'error'>, policy?: OutboundPolicy): ImportState {
  return { jobs: new ImportJobs(log), csvDraft: null, ...(policy ? { policy } : {}) };
}
