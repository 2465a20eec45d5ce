import { useEffect, useState } from 'react';
import type { TopHeaderDto } from '../../../shared/content.ts';
import { LIMITS } from '../../../shared/limits.ts';
import classes from './TopBar.module.css';

/** Announcement bar: rotates through the messages every 4 s; nothing when the list is empty. */
export function TopBar({ items }: { items: TopHeaderDto[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % items.length), LIMITS.announcementRotationMs);
    return () => clearInterval(id);
  }, [items.length]);
  const item = items[index % Math.max(items.length, 1)];
  if (!item) return null;
  return (
    <div className={classes.bar} style={{ background: item.bg_color, color: item.text_color }} aria-live="polite">
      <span key={item.id} className={classes.text}>
        {item.text}
      </span>
    </div>
  );
}
