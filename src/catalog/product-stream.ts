import type { ProductDto } from '../../shared/catalog.ts';
import type { AppContext } from '../context.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { PRODUCTS_IN_ONE_ANSWER } from './catalog.service.ts';
import { productRows } from './product-rows.ts';

/**
 * Products read per database round trip while streaming: what memory holds at any moment. Small
 * enough that the batches of ten streams at once fit in V8's young generation (8-12 MB
 * semi-spaces, src/process-settings.ts): a batch waits in the heap while its stream writes, and
 * batches that outlive a young collection are promoted and grow the old generation. Measured
 * 2026-11-30 on the 20,000-product shop (PGlite, one core), ten concurrent `list.php` reads of the
 * whole catalogue, peak RSS over the shop's before them: 500 rows +57/+58 MB, 250 +49, 200
 * +43/+45, 100 +21/+23, 50 +28; the ten took 5.7-5.9 s at 500 and 6.1-6.7 s at 100.
 */
const BATCH = 100;

type Cursor = { position: number; id: number };

/**
 * A whole catalogue (or collection) too long for one answer, as batches in the owner's order,
 * read by keyset (position, id) so every batch costs the same however far in it is; null when it
 * fits in one answer (listProducts builds it, and the public cache keeps it). Each batch's entities
 * leave the identity map once mapped, so memory holds one batch, not the catalogue. A write made
 * while it streams may show or not (no snapshot is held across batches); no product is listed
 * twice.
 */
export async function productBatches(
  ctx: AppContext,
  input: { collection_id?: number | undefined },
): Promise<AsyncGenerator<ProductDto[]> | null> {
  await assertStoreVisible(ctx);
  const inCollection = input.collection_id ? 'where collection_id = ?' : '';
  const [row] = await ctx.em
    .getConnection()
    .execute<{ n: number }[]>(
      `select count(*)::int as n from (select 1 from products ${inCollection} limit ?) s`,
      input.collection_id ? [input.collection_id, PRODUCTS_IN_ONE_ANSWER + 1] : [PRODUCTS_IN_ONE_ANSWER + 1],
    );
  if (Number(row?.n ?? 0) <= PRODUCTS_IN_ONE_ANSWER) return null;
  return batches(ctx, input.collection_id);
}

/**
 * One statement per batch, rows and galleries together (product_images_product_idx answers each
 * gallery), mapped without entities: a whole catalogue costs what its rows cost.
 */
async function* batches(ctx: AppContext, collectionId: number | undefined): AsyncGenerator<ProductDto[]> {
  // Row comparison on (position, id): products_position_idx (or products_collection_position_idx) answers it.
  const where = collectionId ? 'p.collection_id = ? and (p.position, p.id) > (?, ?)' : '(p.position, p.id) > (?, ?)';
  let after: Cursor = { position: -2_147_483_648, id: 0 }; // before any int4 position
  for (;;) {
    const rows = await productRows(ctx.em, `where ${where} order by p.position, p.id limit ?`, [
      ...(collectionId ? [collectionId] : []),
      after.position,
      after.id,
      BATCH,
    ]);
    if (rows.length === 0) return;
    const last = rows.at(-1) as ProductDto;
    after = { position: last.position, id: last.id };
    yield rows;
    if (rows.length < BATCH) return;
  }
}

/** Batches as the text of one JSON array, piece by piece. */
export async function* jsonArray<T>(batches: AsyncIterable<T[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    const text = batch.map((item) => JSON.stringify(item)).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield ']';
}
