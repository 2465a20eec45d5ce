import { Trans } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type CSSProperties, useState } from 'react';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { useTRPC } from '../../trpc.ts';
import classes from './HomePage.module.css';
import { HomeSection } from './HomeSection.tsx';

type Props = {
  /** Where the sections after the home's first page start (HomeDto.sections_next). */
  start: number;
  currency: CurrencyCode;
  viewMore: CSSProperties;
};

/**
 * The collection sections after those the home page carries: nothing is asked for until the
 * shopper presses 'Ver mais coleções', then a page of sections at a time (catalog.homeSections),
 * so a shop with many collections still sends a bounded home.
 */
export function MoreSections({ start, currency, viewMore }: Props) {
  const trpc = useTRPC();
  const [asked, setAsked] = useState(false);
  const more = useInfiniteQuery({
    ...trpc.catalog.homeSections.infiniteQueryOptions({}, { initialCursor: start, getNextPageParam: (last) => last.next ?? undefined }),
    enabled: asked,
  });
  const pages = more.data?.pages ?? [];
  const hasMore = pages.length === 0 || more.hasNextPage;
  return (
    <>
      {pages.map((page) =>
        page.sections.map((s) => (
          <HomeSection key={s.collection.id} section={s} currency={currency} priorityFirst={false} viewMore={viewMore} />
        )),
      )}
      {hasMore && (
        <div className={`${classes.more} ${classes.needsScript}`}>
          <button
            type="button"
            className={classes.moreButton}
            style={viewMore}
            disabled={more.isFetching}
            aria-busy={more.isFetching}
            onClick={() => {
              if (!asked) setAsked(true);
              else if (pages.length === 0) void more.refetch();
              else void more.fetchNextPage();
            }}
          >
            {more.isError ? <Trans>Tentar novamente</Trans> : <Trans>Ver mais coleções</Trans>}
          </button>
        </div>
      )}
    </>
  );
}
