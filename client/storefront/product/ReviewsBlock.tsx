import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc.ts';
import { StarIcon } from '../common/icons.tsx';
import classes from './ReviewsBlock.module.css';

/** The stars of a rating, read out as the number the page shows ("4,3 / 5" in Portuguese). */
function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { i18n } = useLingui();
  return (
    <span className={classes.stars} role="img" aria-label={`${i18n.number(rating, { maximumFractionDigits: 1 })} / 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} size={size} filled={n <= Math.round(rating)} />
      ))}
    </span>
  );
}

/** Reviews of a product (spec §2): average, count, 5-to-1 distribution, each review; hidden when none. */
export function ReviewsBlock({ productId }: { productId: number }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const { data } = useQuery(trpc.reviews.list.queryOptions({ product_id: productId }));
  if (!data || data.stats.total === 0) return null;
  const { average, total, distribution } = data.stats;
  const count = (n: number) => (distribution as Record<string, number>)[String(n)] ?? 0;
  return (
    <section className={classes.block} aria-labelledby="reviews-title">
      <h2 id="reviews-title" className={classes.title}>
        {t`Avaliações`}
      </h2>
      <div className={classes.summary}>
        <div className={classes.score}>
          <strong className={classes.average}>{i18n.number(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</strong>
          <Stars rating={average} size={20} />
          <span className={classes.total}>
            <Plural value={total} one="# avaliação" other="# avaliações" />
          </span>
        </div>
        <ul className={classes.bars}>
          {[5, 4, 3, 2, 1].map((n) => (
            <li key={n} className={classes.bar}>
              <span className={classes.barLabel}>{n}★</span>
              <span className={classes.track}>
                <span className={classes.fill} style={{ width: `${(count(n) / total) * 100}%` }} />
              </span>
              <span className={classes.barCount}>{count(n)}</span>
            </li>
          ))}
        </ul>
      </div>
      <ul className={classes.list}>
        {data.reviews.map((r) => (
          <li key={r.id} className={classes.review}>
            <div className={classes.head}>
              <strong>{r.reviewer_name}</strong>
              {r.reviewer_city && <span className={classes.city}>{r.reviewer_city}</span>}
            </div>
            <Stars rating={r.rating} />
            {r.review_text && <p className={classes.text}>{r.review_text}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
