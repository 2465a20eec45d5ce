import { useEffect, useState } from 'react';

const REDUCE = '(prefers-reduced-motion: reduce)';

/**
 * The index of a list that advances by itself every `intervalMs` (banner autoplay, announcement bar).
 *
 * - Rotation starts playing; `setPlaying(false)` pauses it until `setPlaying(true)` (the pause button).
 * - A visitor who prefers reduced motion gets no rotation: it starts (and becomes) paused.
 * - `held` pauses it for a moment (keyboard focus inside, pointer over the bar) without changing `playing`.
 * - `go(i)` shows item i and restarts the interval, so a click never skips the next item at once.
 *
 * The server renders item 0 and "playing"; the media query is read after hydration (no mismatch).
 */
export function useRotation(count: number, intervalMs: number, held = false) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [restart, setRestart] = useState(0);
  useEffect(() => {
    const query = window.matchMedia(REDUCE);
    const apply = () => {
      if (query.matches) setPlaying(false);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart re-arms the interval after go()
  useEffect(() => {
    if (!playing || held || count < 2) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(id);
  }, [playing, held, count, intervalMs, restart]);
  const go = (i: number) => {
    setIndex(((i % count) + count) % count);
    setRestart((n) => n + 1);
  };
  return { index: count ? index % count : 0, go, playing, setPlaying };
}
