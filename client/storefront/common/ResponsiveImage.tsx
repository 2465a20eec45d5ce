import type { CSSProperties } from 'react';
import { imageUrl } from '../../../shared/image-url.ts';
import { hasVariants, variantSrcset } from '../../../shared/image-variants.ts';
import classes from './ResponsiveImage.module.css';

type Props = {
  /** The stored value (an /uploads/ URL, an http URL or empty: imageUrl's rule). */
  src: string | null | undefined;
  alt: string;
  /** The drawn size's ratio (CSS sets the size); a logo gives only its height. */
  width?: number | undefined;
  height: number;
  /** How wide the image is drawn (IMAGE_SIZES), so the browser picks the variant to fetch. */
  sizes: string;
  /** The page's LCP image: fetched at once with high priority (and preloaded by the page head). */
  priority?: boolean;
  className?: string | undefined;
  style?: CSSProperties | undefined;
};

/**
 * An image in its responsive variants (shared/image-variants.ts): AVIF, then WebP, at the width
 * the layout needs, the stored original as the fallback. Anything but the LCP image loads lazily
 * and decodes off the main thread. URLs without variants (http, the placeholder) stay a plain img.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, className, style }: Props) {
  const url = imageUrl(src);
  const img = (
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={style}
    />
  );
  if (!hasVariants(url)) return img;
  return (
    // display: contents, so the img lays out exactly as it would without the picture around it.
    <picture className={classes.picture}>
      <source type="image/avif" srcSet={variantSrcset(url, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={variantSrcset(url, 'webp')} sizes={sizes} />
      {img}
    </picture>
  );
}
