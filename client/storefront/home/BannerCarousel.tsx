import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { BannerDto } from '../../../shared/content.ts';
import { IMAGE_SIZES } from '../../../shared/image-variants.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { ResponsiveImage } from '../common/ResponsiveImage.tsx';
import { useRotation } from '../common/use-rotation.ts';
import classes from './BannerCarousel.module.css';
import { BannerControls } from './BannerControls.tsx';

/**
 * Banner carousel (spec §2): autoplay 5 s with arrows, dots and swipe. Pointer interaction never stops
 * the autoplay (spec); the pause button does, and so does prefers-reduced-motion. While keyboard focus
 * is inside, the slides hold still, so the focused link never slides away (WAI-ARIA carousel pattern).
 */
export function BannerCarousel({ banners }: { banners: BannerDto[] }) {
  const { t } = useLingui();
  const count = banners.length;
  const [keyboardInside, setKeyboardInside] = useState(false);
  const { index, go, playing, setPlaying } = useRotation(count, LIMITS.bannerAutoplayMs, keyboardInside);
  const touchX = useRef<number | null>(null);
  if (count === 0) return null;
  const rotating = count > 1 && playing && !keyboardInside;
  return (
    <section
      className={classes.carousel}
      aria-label={t`Destaques`}
      aria-roledescription={t`carrossel`}
      data-index={index}
      onFocus={(e) => setKeyboardInside(e.target.matches(':focus-visible'))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardInside(false);
      }}
      onKeyDown={(e) => {
        if (count < 2 || !(e.target as HTMLElement).closest('button')) return;
        if (e.key === 'ArrowLeft') go(index - 1);
        else if (e.key === 'ArrowRight') go(index + 1);
      }}
    >
      <div
        className={classes.viewport}
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          if (count > 1 && start !== null && end !== undefined && Math.abs(end - start) > LIMITS.swipeThresholdPx)
            go(index + (end < start ? 1 : -1));
          touchX.current = null;
        }}
      >
        {/* Announces the new slide only when the visitor changes it, never on autoplay. */}
        <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }} aria-live={rotating ? 'off' : 'polite'}>
          {banners.map((b, i) => {
            const position = i + 1;
            // The caption names the link; without a title the image does.
            const img = (
              <ResponsiveImage
                src={b.image_url}
                phoneSrc={b.mobile_image_url}
                alt={b.title ? '' : t`Banner ${position}`}
                width={2400}
                height={800}
                sizes={IMAGE_SIZES.banner}
                priority={i === 0}
                className={classes.image}
              />
            );
            const caption = b.title && <span className={classes.caption}>{b.title}</span>;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern), not a form fieldset
              <div
                key={b.id}
                className={classes.slide}
                role="group"
                aria-roledescription={t`banner`}
                aria-label={t`${position} de ${count}`}
                inert={i !== index}
              >
                {b.href ? (
                  <a href={b.href} className={classes.link}>
                    {img}
                    {caption}
                  </a>
                ) : (
                  <>
                    {img}
                    {caption}
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && <BannerControls banners={banners} index={index} go={go} playing={playing} setPlaying={setPlaying} />}
    </section>
  );
}
