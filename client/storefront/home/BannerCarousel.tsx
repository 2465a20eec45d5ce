import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { BannerDto } from '../../../shared/content.ts';
import { imageUrl } from '../../../shared/image-url.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { ChevronLeft, ChevronRight } from '../common/icons.tsx';
import classes from './BannerCarousel.module.css';

/** Banner carousel (spec §2): autoplay 5 s that keeps going after interaction, arrows, dots, swipe. */
export function BannerCarousel({ banners }: { banners: BannerDto[] }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const [tick, setTick] = useState(0);
  const touchX = useRef<number | null>(null);
  const count = banners.length;
  const go = (i: number) => {
    setIndex(((i % count) + count) % count);
    setTick((n) => n + 1); // restart the 5 s timer so a click never skips the next slide at once
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick restarts the autoplay timer
  useEffect(() => {
    if (count < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), LIMITS.bannerAutoplayMs);
    return () => clearInterval(id);
  }, [count, tick]);
  if (count === 0) return null;
  return (
    <section
      className={classes.carousel}
      aria-label={t`Destaques`}
      aria-roledescription="carousel"
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        if (start !== null && end !== undefined && Math.abs(end - start) > LIMITS.swipeThresholdPx) go(index + (end < start ? 1 : -1));
        touchX.current = null;
      }}
    >
      <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((b, i) => {
          const img = (
            <picture>
              <img
                src={imageUrl(b.image_url)}
                alt={b.title}
                width={2400}
                height={800}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                className={classes.image}
              />
            </picture>
          );
          return (
            <div key={b.id} className={classes.slide} aria-hidden={i !== index}>
              {b.href ? (
                <a href={b.href} tabIndex={i === index ? 0 : -1}>
                  {img}
                  {b.title && <span className={classes.caption}>{b.title}</span>}
                </a>
              ) : (
                <>
                  {img}
                  {b.title && <span className={classes.caption}>{b.title}</span>}
                </>
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button type="button" className={`${classes.arrow} ${classes.prev}`} onClick={() => go(index - 1)} aria-label={t`Anterior`}>
            <ChevronLeft />
          </button>
          <button type="button" className={`${classes.arrow} ${classes.next}`} onClick={() => go(index + 1)} aria-label={t`Próximo`}>
            <ChevronRight />
          </button>
          <div className={classes.dots}>
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className={classes.dot}
                data-active={i === index}
                onClick={() => go(i)}
                aria-label={t`Banner ${i + 1}`}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
