import { type BannerDto, type BannerFields, type BannerUpdate, CONTENT_MESSAGES, DEFAULT_SORT_ORDER } from '../../shared/content.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { prepareImage, type Upload, withRemovedImages, withSavedImages } from '../media/media.service.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { Banner } from './banner.entity.ts';
import { bySortOrder, toBannerDto } from './content.mapper.ts';
import { checkedLinkUrl } from './link-url.ts';

async function findOrFail(ctx: AppContext, id: number) {
  const b = await ctx.em.findOne(Banner, { id });
  if (!b) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.bannerNotFound);
  return b;
}

/** Banners in display order; the storefront asks for active ones only. */
export async function listBanners(ctx: AppContext, opts: { activeOnly?: boolean } = {}): Promise<BannerDto[]> {
  await assertStoreVisible(ctx);
  const rows = await ctx.em.find(Banner, opts.activeOnly ? { active: true } : {}, { orderBy: bySortOrder });
  return rows.map(toBannerDto);
}

/** A banner needs its image; title and link are optional, sort order defaults to 1. */
export async function createBanner(ctx: AppContext, input: BannerFields, image: Upload | undefined): Promise<BannerDto> {
  const href = checkedLinkUrl(input.href ?? '');
  if (!image) throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.imageRequired);
  const prepared = await prepareImage(image);
  return withSavedImages(ctx.uploadsDir, [prepared], async ([saved]) => {
    const b = ctx.em.create(Banner, {
      title: input.title ?? '',
      href,
      image_url: saved?.url ?? '',
      sort_order: input.sort_order ?? DEFAULT_SORT_ORDER,
      active: true,
    });
    await ctx.em.flush();
    return toBannerDto(b);
  });
}

/** Changes the given fields; a new image replaces the old one, whose files go with the same commit. */
export async function updateBanner(ctx: AppContext, input: BannerUpdate, image: Upload | undefined): Promise<BannerDto> {
  const b = await findOrFail(ctx, input.id);
  if (input.href !== undefined) checkedLinkUrl(input.href);
  const prepared = image ? [await prepareImage(image)] : [];
  const replaced = prepared.length ? [b.image_url] : [];
  return withSavedImages(ctx.uploadsDir, prepared, ([saved]) =>
    withRemovedImages(ctx, replaced, async () => {
      if (input.title !== undefined) b.title = input.title;
      if (input.href !== undefined) b.href = input.href;
      if (input.sort_order !== undefined) b.sort_order = input.sort_order;
      if (saved) b.image_url = saved.url;
      await ctx.em.flush();
      return toBannerDto(b);
    }),
  );
}

/** Deletes the row with its image files. */
export async function deleteBanner(ctx: AppContext, id: number): Promise<void> {
  const b = await findOrFail(ctx, id);
  await withRemovedImages(ctx, [b.image_url], async () => {
    ctx.em.remove(b);
    await ctx.em.flush();
  });
}
