import { randomUUID } from 'node:crypto';
import type { CsvDryRun, ImportJobStatusDto } from '../../shared/catalog-import.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { parseProductCsv } from './csv-import.ts';
import { applyImport } from './import-apply.ts';
import { planImport } from './import-plan.ts';
import { importsOf } from './import-state.ts';
import type { ImportProduct, PlanRow } from './import-types.ts';

/** The CSV the last dry run checked, kept for 'Importar' (one at a time; the next upload replaces it). */
export type CsvDraft = { id: string; fileName: string; products: ImportProduct[]; rows: PlanRow[] };

const DRAFT_GONE = 'Esta verificação não está mais disponível. Envie o arquivo de novo.';

/**
 * The dry run of a CSV: read (csv-import.ts), planned (the import core: nothing written), kept as
 * the shop's draft; answers the summary. Rows that name no product are refusals with their line.
 */
export async function checkCsv(ctx: AppContext, fileName: string, data: Buffer): Promise<CsvDryRun> {
  const imports = importsOf(ctx);
  const parsed = await parseProductCsv(data);
  const plan = await planImport(ctx, parsed.products);
  const problems: PlanRow[] = parsed.problems.map((p) => ({
    ref: `linha ${p.line}`,
    line: p.line,
    slug: '',
    title: '',
    action: 'refuse',
    reason: p.reason.replace(/^Linha \d+: (.)/, (_, first: string) => first.toUpperCase()),
    productId: null,
    changes: [],
    newImages: 0,
  }));
  const rows = [...plan.rows, ...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const draft: CsvDraft = { id: randomUUID(), fileName, products: parsed.products, rows };
  imports.csvDraft = draft;
  return {
    ok: true,
    draftId: draft.id,
    fileName,
    counts: { ...plan.counts, refuse: plan.counts.refuse + problems.length },
    images: plan.images,
    newCollections: plan.newCollections,
    encoding: parsed.encoding,
    delimiter: parsed.delimiter,
  };
}

function draftOf(ctx: AppContext, draftId: string): CsvDraft {
  const draft = importsOf(ctx).csvDraft;
  if (!draft || draft.id !== draftId) throw new AppError('NOT_FOUND', DRAFT_GONE);
  return draft;
}

/** A page of the dry run's rows, all or of one action. */
export function csvDraftRows(
  ctx: AppContext,
  input: { draftId: string; action?: PlanRow['action'] | null; offset: number; limit: number },
) {
  const all = draftOf(ctx, input.draftId).rows;
  const rows = input.action ? all.filter((r) => r.action === input.action) : all;
  return { rows: rows.slice(input.offset, input.offset + input.limit), total: rows.length };
}

/** 'Importar': applies the checked CSV in the background (one import at a time); poll `importStatus` (import-state.ts). */
export function applyCsvDraft(ctx: AppContext, draftId: string): ImportJobStatusDto {
  const imports = importsOf(ctx);
  const draft = draftOf(ctx, draftId);
  const job = { em: ctx.em.fork(), uploadsDir: ctx.uploadsDir, log: ctx.log };
  const status = imports.jobs.start(`CSV: ${draft.fileName}`, (io) =>
    applyImport(job, draft.products, { ...io, policy: ctx.outbound?.policy }),
  );
  imports.csvDraft = null;
  return status;
}
