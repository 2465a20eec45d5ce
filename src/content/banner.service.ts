import { type BannerDto, type BannerFields, type BannerUpdate, CONTENT_MESSAGES, DEFAULT_SORT_ORDER } from '../../shared/content.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import type { StoredImage } from '../media/file-store.ts';
import { type PreparedImage, prepareImage, withRemovedImages, withSavedImages } from '../media/media.service.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { Banner } from './banner.entity.ts';
import { bySortOrder, toBannerDto } from './content.mapper.ts';
import { checkedLinkUrl } from './link-url.ts';
import type { BannerUploads } from './uploads.ts';

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

/** Checks and re-encodes the files sent (none, either or both), keeping which is which. */
type PreparedBanner = { image?: PreparedImage; mobile?: PreparedImage; all: PreparedImage[] };
async function prepareBannerImages(files: BannerUploads): Promise<PreparedBanner> {
  const image = files.image ? await prepareImage(files.image) : undefined;
  const mobile = files.mobile ? await prepareImage(files.mobile) : undefined;
  return { image, mobile, all: [image, mobile].filter((i): i is PreparedImage => !!i) };
}

/** The saved URLs in the order prepareBannerImages listed the files. */
function savedUrls(prepared: { image?: PreparedImage; mobile?: PreparedImage }, saved: StoredImage[]) {
  const urls = saved.map((s) => s.url);
  return { image: prepared.image ? urls.shift() : undefined, mobile: prepared.mobile ? urls.shift() : undefined };
}

/**
 * A banner needs its image; the phone image (21:9, shown below 768 px), title and link are
 * optional, sort order defaults to 1.
 */
export const createBanner = idempotentCreate('banners.create', {
  prepare: async (_ctx: AppContext, input: BannerFields, files: BannerUploads) => {
    checkedLinkUrl(input.href ?? '');
    if (!files.image) throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.imageRequired);
    return { input, images: await prepareBannerImages(files) };
  },
  commit: (ctx, { input, images }) => storeBanner(ctx, input, images),
});

async function storeBanner(ctx: AppContext, input: BannerFields, prepared: PreparedBanner): Promise<BannerDto> {
  const href = checkedLinkUrl(input.href ?? '');
  return withSavedImages(ctx.uploadsDir, prepared.all, async (saved) => {
    const urls = savedUrls(prepared, saved);
    const b = ctx.em.create(Banner, {
      title: input.title ?? '',
      href,
      image_url: urls.image ?? '',
      mobile_image_url: urls.mobile ?? '',
      sort_order: input.sort_order ?? DEFAULT_SORT_ORDER,
      active: true,
    });
    await ctx.em.flush();
    return toBannerDto(b);
  });
}

/**
 * Changes the given fields; a new image (desktop or phone) replaces the old one, and
 * `remove_mobile_image` clears the phone image: replaced and removed files go with the same commit.
 */
export async function updateBanner(ctx: AppContext, input: BannerUpdate, files: BannerUploads): Promise<BannerDto> {
  const b = await findOrFail(ctx, input.id);
  if (input.href !== undefined) checkedLinkUrl(input.href);
  const prepared = await prepareBannerImages(files);
  const dropMobile = !!prepared.mobile || input.remove_mobile_image === true;
  const replaced = [prepared.image ? b.image_url : '', dropMobile ? b.mobile_image_url : ''].filter(Boolean);
  return withSavedImages(ctx.uploadsDir, prepared.all, (saved) =>
    withRemovedImages(ctx, replaced, async () => {
      const urls = savedUrls(prepared, saved);
      if (input.title !== undefined) b.title = input.title;
      if (input.href !== undefined) b.href = input.href;
      if (input.sort_order !== undefined) b.sort_order = input.sort_order;
      if (urls.image) b.image_url = urls.image;
      if (dropMobile) b.mobile_image_url = urls.mobile ?? '';
      await ctx.em.flush();
      return toBannerDto(b);
    }),
  );
}

/** Deletes the row with its image files. */
export async function deleteBanner(ctx: AppContext, id: number): Promise<void> {
  const b = await findOrFail(ctx, id);
  await withRemovedImages(ctx, [b.image_url, b.mobile_image_url].filter(Boolean), async () => {
    ctx.em.remove(b);
    await ctx.em.flush();
  });
}
