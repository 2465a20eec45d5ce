import { useLingui } from '@lingui/react/macro';
import type { BannerDto } from '../../../shared/content.ts';
import { ChevronLeft, ChevronRight } from '../common/icons.tsx';
import classes from './BannerCarousel.module.css';

type Props = {
  banners: BannerDto[];
  index: number;
  go: (i: number) => void;
  playing: boolean;
  setPlaying: (playing: boolean) => void;
};

const PauseIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <rect x="5" y="4" width="5" height="16" rx="1" />
    <rect x="14" y="4" width="5" height="16" rx="1" />
  </svg>
);
const PlayIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5z" />
  </svg>
);

/**
 * The carousel's buttons: previous, the dots (one per banner, the current one marked), pause/resume
 * (WCAG 2.2.2: the autoplay runs longer than 5 s), next. Under the image on phones, over it on desktop.
 */
export function BannerControls({ banners, index, go, playing, setPlaying }: Props) {
  const { t } = useLingui();
  return (
    <div className={classes.controls}>
      <button type="button" className={`${classes.arrow} ${classes.prev}`} onClick={() => go(index - 1)} aria-label={t`Anterior`}>
        <ChevronLeft />
      </button>
      <div className={classes.indicators}>
        {banners.map((b, i) => {
          const position = i + 1;
          return (
            <button
              key={b.id}
              type="button"
              className={classes.dot}
              onClick={() => go(i)}
              aria-label={t`Banner ${position}`}
              aria-current={i === index ? 'true' : undefined}
            />
          );
        })}
        <button
          type="button"
          className={classes.pause}
          onClick={() => setPlaying(!playing)}
          aria-label={playing ? t`Pausar banners` : t`Reproduzir banners`}
          data-testid="banner-pause"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
      </div>
      <button type="button" className={`${classes.arrow} ${classes.next}`} onClick={() => go(index + 1)} aria-label={t`Próximo`}>
        <ChevronRight />
      </button>
    </div>
  );
}
