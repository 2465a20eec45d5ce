import { z } from 'zod';
import { ZCsvDraftRows, ZCsvDraftRowsInput, ZDraftInput, ZImportJobStatus } from '../../../shared/catalog-import.ts';
import { applyCsvDraft, csvDraftRows } from '../../../src/import/csv-import.service.ts';
import { cancelImport, importStatus } from '../../../src/import/import-state.ts';
import { adminProcedure, router } from '../trpc.ts';

/** The catalogue import (src/import): the CSV dry run's rows, 'Importar', and the progress and cancel of any import (CSV or Shopify). The CSV itself travels through server/import/import.routes.ts. */
export const catalogImportRouter = router({
  draftRows: adminProcedure
    .input(ZCsvDraftRowsInput)
    .output(ZCsvDraftRows)
    .query(({ ctx, input }) => csvDraftRows(ctx.app, input)),
  start: adminProcedure
    .input(ZDraftInput)
    .output(ZImportJobStatus)
    .mutation(({ ctx, input }) => applyCsvDraft(ctx.app, input.draftId)),
  status: adminProcedure.output(ZImportJobStatus).query(({ ctx }) => importStatus(ctx.app)),
  cancel: adminProcedure.output(z.object({ cancelled: z.boolean() })).mutation(({ ctx }) => cancelImport(ctx.app)),
});
