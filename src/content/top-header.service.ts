import {
  CONTENT_MESSAGES,
  DEFAULT_SORT_ORDER,
  TOP_HEADER_DEFAULTS,
  type TopHeaderCreate,
  type TopHeaderDto,
  type TopHeaderUpdate,
} from '../../shared/content.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { bySortOrder, toTopHeaderDto } from './content.mapper.ts';
import { TopHeader } from './top-header.entity.ts';

function requireText(text: string): string {
  const t = text.trim();
  if (!t) throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.topHeaderTextRequired);
  return t;
}

/** Announcement bars in display order. */
export async function listTopHeaders(ctx: AppContext): Promise<TopHeaderDto[]> {
  await assertStoreVisible(ctx);
  const rows = await ctx.em.find(TopHeader, {}, { orderBy: bySortOrder });
  return rows.map(toTopHeaderDto);
}

/** Text is required; blank colours fall back to #003e64 on #ffffff, sort order to 1. */
export const createTopHeader = idempotentCreate(
  'top_headers.create',
  async (ctx: AppContext, input: TopHeaderCreate): Promise<TopHeaderDto> => {
    const t = ctx.em.create(TopHeader, {
      text: requireText(input.text),
      bg_color: input.bg_color || TOP_HEADER_DEFAULTS.bg_color,
      text_color: input.text_color || TOP_HEADER_DEFAULTS.text_color,
      sort_order: input.sort_order ?? DEFAULT_SORT_ORDER,
    });
    await ctx.em.flush();
    return toTopHeaderDto(t);
  },
);

/** Changes the given fields with the same rules as create. */
export async function updateTopHeader(ctx: AppContext, input: TopHeaderUpdate): Promise<TopHeaderDto> {
  const text = input.text === undefined ? undefined : requireText(input.text);
  const t = await ctx.em.findOne(TopHeader, { id: input.id });
  if (!t) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.topHeaderNotFound);
  if (text !== undefined) t.text = text;
  if (input.bg_color !== undefined) t.bg_color = input.bg_color || TOP_HEADER_DEFAULTS.bg_color;
  if (input.text_color !== undefined) t.text_color = input.text_color || TOP_HEADER_DEFAULTS.text_color;
  if (input.sort_order !== undefined) t.sort_order = input.sort_order;
  await ctx.em.flush();
  return toTopHeaderDto(t);
}

export async function deleteTopHeader(ctx: AppContext, id: number): Promise<void> {
  const n = await ctx.em.nativeDelete(TopHeader, { id });
  if (n === 0) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.topHeaderNotFound);
}
