import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TopHeaderDto } from '../../../shared/content.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { useRotation } from '../common/use-rotation.ts';
import classes from './TopBar.module.css';

/**
 * Announcement bar (spec §1): shows the messages one at a time, every 4 s; nothing when the list is
 * empty. Screen readers get all messages once, as a list, and are never interrupted by the rotation
 * (no live region). The rotation holds while the mouse is over the bar and stops for visitors who
 * prefer reduced motion. The bar keeps the height of its tallest message.
 */
export function TopBar({ items }: { items: TopHeaderDto[] }) {
  const { t } = useLingui();
  const [hovered, setHovered] = useState(false);
  const { index } = useRotation(items.length, LIMITS.announcementRotationMs, hovered);
  const item = items[index];
  if (!item) return null;
  return (
    <section
      className={classes.bar}
      style={{ background: item.bg_color, color: item.text_color }}
      aria-label={t`Avisos da loja`}
      onPointerEnter={(e) => setHovered(e.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      data-index={index}
    >
      {/* Every message sits in one grid cell, only the current one visible: the bar is as tall as
          the tallest message from the first paint, so a rotation never moves the page (CLS 0). */}
      <span className={classes.stack} aria-hidden="true">
        {items.map((i) => (
          <span key={i.id} className={classes.text} data-current={i.id === item.id || undefined}>
            {i.text}
          </span>
        ))}
      </span>
      <ul className="visually-hidden">
        {items.map((i) => (
          <li key={i.id}>{i.text}</li>
        ))}
      </ul>
    </section>
  );
}
