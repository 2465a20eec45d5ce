import { randomUUID } from 'node:crypto';
import type { ImportJobStatusDto } from '../../shared/catalog-import.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { SHOPIFY_MESSAGES } from '../../shared/shopify.ts';
import {
  SHOPIFY_IMPORT_MESSAGES as M,
  type ShopifyImportPlan,
  type ShopifyImportRow,
  ZShopifyImportPlanInput,
  ZShopifyImportRowsInput,
  ZShopifyImportStart,
} from '../../shared/shopify-import.ts';
import { Collection } from '../catalog/collection.entity.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { applyImport } from '../import/import-apply.ts';
import { planImport } from '../import/import-plan.ts';
import { importsOf, toStatusDto } from '../import/import-state.ts';
import type { ImportProduct, PlanRow } from '../import/import-types.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';
import { storefrontCaller } from './connection.ts';
import { readAll, readChosen, type SourceInfo } from './import-source.ts';

/** A chosen id Shopify no longer has (or does not publish to the Storefront API): refused, never sent to the core. */
const missingRow = (id: string): PlanRow => ({
  ref: `Shopify ${id}`,
  line: null,
  slug: '',
  title: '',
  action: 'refuse',
  reason: SHOPIFY_MESSAGES.productNotInShop,
  productId: null,
  changes: [],
  newImages: 0,
});

/**
 * The dry run of importing the chosen products (or all) of the connected shop: read from Shopify
 * (pages of IMPORT_PAGE, cursors), planned by the import core (its rules, its matching), kept as
 * the shop's one Shopify draft for 'Importar'. Writes nothing.
 */
export async function shopifyImportPlan(ctx: AppContext, raw: unknown): Promise<ShopifyImportPlan> {
  const input = ZShopifyImportPlanInput.parse(raw);
  const imports = importsOf(ctx);
  if (input.collection_id !== null && !(await ctx.em.findOne(Collection, { id: input.collection_id }, { fields: ['id'] })))
    throw new AppError('BAD_REQUEST', MESSAGES.collectionNotFound, undefined, 'collection_id');
  const caller = await storefrontCaller(ctx);
  const info: SourceInfo = { currency: null };
  let products: ImportProduct[];
  let missing: string[] = [];
  if (input.ids) ({ products, missing } = await readChosen(ctx.em, caller, input.ids, info));
  else products = await readAll(ctx.em, caller, info);
  const options = { collectionId: input.collection_id };
  const plan = await planImport(ctx, products, options);
  const rows = [...missing.map(missingRow), ...plan.rows];
  const id = randomUUID();
  imports.shopifyDraft = { id, products, rows, options };
  const ours = (await loadSettingsRow(ctx.em)).currency;
  return {
    draft_id: id,
    total: rows.length,
    counts: { ...plan.counts, refuse: plan.counts.refuse + missing.length },
    images: plan.images,
    currency_mismatch: info.currency && info.currency !== ours ? info.currency : null,
  };
}

const toRow = (r: PlanRow): ShopifyImportRow => ({
  ref: r.ref.replace(/^Shopify /, ''),
  slug: r.slug,
  title: r.title,
  action: r.action,
  reason: r.reason,
  product_id: r.productId,
  changes: r.changes,
  new_images: r.newImages,
});

function draftOf(ctx: AppContext, draftId: string) {
  const draft = importsOf(ctx).shopifyDraft;
  if (!draft || draft.id !== draftId) throw new AppError('CONFLICT', M.draftGone);
  return draft;
}

/** One page of the dry run's rows (all, or those of one action: refusals first to read). */
export function shopifyImportRows(ctx: AppContext, raw: unknown): { rows: ShopifyImportRow[]; total: number } {
  const input = ZShopifyImportRowsInput.parse(raw);
  const { rows } = draftOf(ctx, input.draft_id);
  const chosen = input.action ? rows.filter((r) => r.action === input.action) : rows;
  return { rows: chosen.slice(input.offset, input.offset + input.limit).map(toRow), total: chosen.length };
}

/**
 * 'Importar': applies the draft the owner saw as the shop's import job (the core plans again over
 * the catalogue as it is then, fetches the images through public-fetch, writes all at once). The
 * draft is used once.
 */
export function startShopifyImport(ctx: AppContext, raw: unknown): ImportJobStatusDto {
  const { draft_id } = ZShopifyImportStart.parse(raw);
  const imports = importsOf(ctx);
  const draft = draftOf(ctx, draft_id);
  if (!draft.rows.some((r) => r.action === 'create' || r.action === 'update')) throw new AppError('BAD_REQUEST', M.nothingToImport);
  const job = { em: ctx.em.fork(), uploadsDir: ctx.uploadsDir, log: ctx.log };
  const status = imports.jobs.start('Shopify', (io) =>
    applyImport(job, draft.products, { ...draft.options, ...io, policy: ctx.outbound?.policy }),
  );
  imports.shopifyDraft = null;
  ctx.log.info({ shopify: { import: draft.products.length } }, 'shopify import started');
  return toStatusDto(status);
}
