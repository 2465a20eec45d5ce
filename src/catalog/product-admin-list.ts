import { variantUrl } from '../../shared/image-variants.ts';
import { NO_COLLECTION_FILTER, type ProductAdminPage, type ProductAdminPageInput } from '../../shared/product-admin.ts';
import type { AppContext } from '../context.ts';
import { toPrefixQuery } from './search.ts';

/**
 * What the admin search matches: the words of the title and of the slug. The slug holds the
 * title's words without accents, so 'acessorio' finds 'Acessório'. products_admin_search_idx is a
 * GIN index on exactly this expression.
 */
export const ADMIN_SEARCH_VECTOR = "to_tsvector('simple', title || ' ' || slug)";

/** The filters of a page as SQL (columns of `products` unqualified) and their parameters. */
export function adminProductFilter(input: Pick<ProductAdminPageInput, 'q' | 'collection_id'>): {
  where: string;
  params: (string | number)[];
} {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (input.collection_id === NO_COLLECTION_FILTER) clauses.push('collection_id is null');
  else if (input.collection_id !== undefined) {
    clauses.push('collection_id = ?');
    params.push(input.collection_id);
  }
  const q = input.q?.trim() ?? '';
  const query = q ? toPrefixQuery(q) : null;
  if (query) {
    clauses.push(`${ADMIN_SEARCH_VECTOR} @@ to_tsquery('simple', ?)`);
    params.push(query);
  } else if (q) {
    // Typed, but without a letter or a digit ('%', an emoji): no product's words match it.
    clauses.push('false');
  }
  return { where: clauses.length ? `where ${clauses.join(' and ')}` : '', params };
}

type Row = {
  id: number;
  title: string;
  slug: string;
  price: string;
  old_price: string | null;
  cover: string;
  collection_id: number | null;
  position: number;
};

/** The cover as the list draws it: the 320 px WebP variant of a stored image, else the URL itself. */
const thumbnail = (cover: string) => variantUrl(cover, 320, 'webp') ?? cover;

/**
 * One page of the admin's product list, in the store's order (position, then id): slim rows plus
 * the number of matches. Never more than `limit` rows are read, whatever the catalogue's size.
 */
export async function adminProductPage(ctx: AppContext, input: ProductAdminPageInput): Promise<ProductAdminPage> {
  const conn = ctx.em.getConnection();
  const { where, params } = adminProductFilter(input);
  const [counted] = await conn.execute<{ n: number }[]>(`select count(*)::int as n from products ${where}`, params);
  const total = counted?.n ?? 0;
  const offset = (input.page - 1) * input.limit;
  const rows =
    offset < total
      ? await conn.execute<Row[]>(
          `select p.id, p.title, p.slug, p.price::text as price, p.old_price::text as old_price, p.collection_id, p.position,
                  coalesce((select i.url from product_images i where i.product_id = p.id order by i.position, i.id limit 1), p.image_url) as cover
             from (select id, title, slug, price, old_price, image_url, collection_id, position
                     from products ${where} order by position, id limit ? offset ?) p
            order by p.position, p.id`,
          [...params, input.limit, offset],
        )
      : [];
  return {
    items: rows.map((r: Row) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      price: r.price,
      old_price: r.old_price,
      thumb_url: thumbnail(r.cover),
      collection_id: r.collection_id,
      position: r.position,
    })),
    total,
    page: input.page,
    limit: input.limit,
    next_page: offset + input.limit < total ? input.page + 1 : null,
  };
}
