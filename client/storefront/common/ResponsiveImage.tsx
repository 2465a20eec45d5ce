import type { CSSProperties } from 'react';
import { imageUrl } from '../../../shared/image-url.ts';
import { PHONE_MEDIA, variantSrcset } from '../../../shared/image-variants.ts';
import classes from './ResponsiveImage.module.css';

type Props = {
  /** The stored value (an /uploads/ URL, an http URL or empty: imageUrl's rule). */
  src: string | null | undefined;
  /** Another image drawn instead below 768 px (a banner's phone image), in the same `sizes`. */
  phoneSrc?: string | null | undefined;
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
  /**
   * WebP only, as the img's own srcset, without a <picture>: for small images (a gallery's
   * thumbnails), where AVIF saves a few hundred bytes and its <source> elements cost the page more.
   */
  webpOnly?: boolean;
};

/**
 * An image in its responsive variants (shared/image-variants.ts): AVIF, then WebP, at the width
 * the layout needs, the stored original as the fallback. Anything but the LCP image loads lazily
 * and decodes off the main thread. URLs without variants (http, the placeholder) stay a plain img.
 */
export function ResponsiveImage({ src, phoneSrc, alt, width, height, sizes, priority = false, className, style, webpOnly = false }: Props) {
  const url = imageUrl(src);
  const phone = phoneSrc ? imageUrl(phoneSrc) : '';
  const webp = webpOnly ? variantSrcset(url, 'webp', sizes) : '';
  const img = (
    <img
      src={url}
      srcSet={webp || undefined}
      sizes={webp ? sizes : undefined}
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
  const avif = webpOnly ? '' : variantSrcset(url, 'avif', sizes);
  if (!avif && !phone) return img;
  return (
    // display: contents, so the img lays out exactly as it would without the picture around it.
    // The phone image's sources come first: the browser takes the first <source> that matches.
    <picture className={classes.picture}>
      {phone && <Sources url={phone} sizes={sizes} media={PHONE_MEDIA} avif={variantSrcset(phone, 'avif', sizes)} />}
      {avif && <Sources url={url} sizes={sizes} avif={avif} />}
      {img}
    </picture>
  );
}

/**
 * AVIF then WebP variants of one image (`avif`: its AVIF srcset, empty when it has no variants:
 * then the URL alone), for `media` when given.
 */
function Sources({ url, sizes, media, avif }: { url: string; sizes: string; media?: string; avif: string }) {
  if (!avif) return <source media={media} srcSet={url} />;
  return (
    <>
      <source media={media} type="image/avif" srcSet={avif} sizes={sizes} />
      <source media={media} type="image/webp" srcSet={variantSrcset(url, 'webp', sizes)} sizes={sizes} />
    </>
  );
}
