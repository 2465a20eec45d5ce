import { CONTENT_MESSAGES, type FooterIconDto, type FooterIconFields } from '../../shared/content.ts';
import type { AppContext } from '../context.ts';
import { AppError, onField } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import { type PreparedImage, prepareImage, type Upload, withRemovedImages, withSavedImages } from '../media/media.service.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { bySortOrder, toFooterIconDto } from './content.mapper.ts';
import { FooterIcon } from './footer.entity.ts';

const DEFAULT_ALT = 'Forma de pagamento';

async function findOrFail(ctx: AppContext, id: number) {
  const icon = await ctx.em.findOne(FooterIcon, { id });
  if (!icon) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.iconNotFound);
  return icon;
}

/** Payment icons in display order; the storefront footer shows active ones only (spec §3). */
export async function listFooterIcons(ctx: AppContext, opts: { activeOnly?: boolean } = {}): Promise<FooterIconDto[]> {
  await assertStoreVisible(ctx);
  const rows = await ctx.em.find(FooterIcon, opts.activeOnly ? { active: true } : {}, { orderBy: bySortOrder });
  return rows.map(toFooterIconDto);
}

/** An icon needs its image ('Selecione uma imagem'); alt text defaults to 'Forma de pagamento'. */
export const createFooterIcon = idempotentCreate('footer_icons.create', {
  prepare: async (_ctx: AppContext, input: FooterIconFields, image: Upload | undefined) => {
    if (!image) throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.imageRequired, undefined, 'image');
    const prepared = await prepareImage(image).catch((e) => {
      throw onField(e, 'image');
    });
    return { input, prepared };
  },
  commit: (ctx, { input, prepared }) => storeFooterIcon(ctx, input, prepared),
});

function storeFooterIcon(ctx: AppContext, input: FooterIconFields, prepared: PreparedImage): Promise<FooterIconDto> {
  return withSavedImages(ctx.uploadsDir, [prepared], async ([saved]) => {
    const icon = ctx.em.create(FooterIcon, {
      image_url: saved?.url ?? '',
      alt_text: input.alt_text || DEFAULT_ALT,
      active: true,
      ...(input.sort_order === undefined ? {} : { sort_order: input.sort_order }),
    });
    await ctx.em.flush();
    return toFooterIconDto(icon);
  });
}

/** Sets the active flag, or flips it when none is given. */
export async function toggleFooterIcon(ctx: AppContext, input: { id: number; active?: boolean | undefined }): Promise<FooterIconDto> {
  const icon = await findOrFail(ctx, input.id);
  icon.active = input.active ?? !icon.active;
  await ctx.em.flush();
  return toFooterIconDto(icon);
}

/** Deletes the row with its image files. */
export async function deleteFooterIcon(ctx: AppContext, id: number): Promise<void> {
  const icon = await findOrFail(ctx, id);
  await withRemovedImages(ctx, [icon.image_url], async () => {
    ctx.em.remove(icon);
    await ctx.em.flush();
  });
}
