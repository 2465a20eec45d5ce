import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { IMAGE_SIZES } from '../../../shared/image-variants.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { ChevronLeft, ChevronRight } from '../common/icons.tsx';
import { ResponsiveImage } from '../common/ResponsiveImage.tsx';
import classes from './Gallery.module.css';

type Props = { images: string[]; title: string; thumbnails: boolean; thumbnailSize: number };

/**
 * Product gallery (spec §2): arrows, "n / total" counter, 50 px swipe, optional thumbnails. Keyboard:
 * the arrows and thumbnails are buttons; with focus on any of them, ArrowLeft/ArrowRight/Home/End
 * change the image. The counter is a polite live region: it speaks only when the visitor acts.
 */
export function Gallery({ images, title, thumbnails, thumbnailSize }: Props) {
  const { t } = useLingui();
  const list = images.length ? images : [''];
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);
  const go = (i: number) => setIndex((i + list.length) % list.length);
  const many = list.length > 1;
  return (
    <section
      className={classes.gallery}
      aria-label={t`Imagens do produto`}
      onKeyDown={(e) => {
        const keys: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: list.length - 1 };
        const to = keys[e.key];
        if (!many || to === undefined || !(e.target as HTMLElement).closest('button')) return;
        e.preventDefault();
        go(to);
      }}
    >
      <div
        className={classes.stage}
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          if (many && start !== null && end !== undefined && Math.abs(end - start) > LIMITS.swipeThresholdPx)
            go(index + (end < start ? 1 : -1));
          touchX.current = null;
        }}
      >
        {/* The first image is the product page's LCP image (preloaded by the page head). */}
        <ResponsiveImage
          src={list[index]}
          alt={title}
          width={800}
          height={800}
          sizes={IMAGE_SIZES.gallery}
          priority
          className={classes.image}
        />
        {many && (
          <>
            <button
              type="button"
              className={`${classes.arrow} ${classes.prev}`}
              onClick={() => go(index - 1)}
              aria-label={t`Imagem anterior`}
            >
              <ChevronLeft />
            </button>
            <button
              type="button"
              className={`${classes.arrow} ${classes.next}`}
              onClick={() => go(index + 1)}
              aria-label={t`Próxima imagem`}
            >
              <ChevronRight />
            </button>
            <span className={classes.counter} aria-live="polite">
              {index + 1} / {list.length}
            </span>
          </>
        )}
      </div>
      {thumbnails && many && (
        <div className={classes.thumbs}>
          {list.map((src, i) => (
            <button
              key={src}
              type="button"
              className={classes.thumb}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              style={{ width: thumbnailSize, height: thumbnailSize }}
              aria-label={t`Imagem ${i + 1}`}
            >
              <ResponsiveImage src={src} alt="" width={thumbnailSize} height={thumbnailSize} sizes={`${thumbnailSize}px`} webpOnly />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
