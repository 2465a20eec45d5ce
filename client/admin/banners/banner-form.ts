import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { type BannerDto, DEFAULT_SORT_ORDER, isSafeLinkUrl, ZBannerFields } from '../../../shared/content.ts';

/**
 * The banner form's values: the fields of ZBannerFields plus the image file (required on create),
 * the optional phone image (21:9) and, when editing, whether the current phone image is removed.
 */
export type BannerValues = {
  title: string;
  href: string;
  sort_order: number | string;
  image: File | null;
  mobile_image: File | null;
  remove_mobile_image: boolean;
};

export const emptyBanner: BannerValues = {
  title: '',
  href: '',
  sort_order: DEFAULT_SORT_ORDER,
  image: null,
  mobile_image: null,
  remove_mobile_image: false,
};

export const bannerValues = (b: BannerDto): BannerValues => ({
  ...emptyBanner,
  title: b.title,
  href: b.href,
  sort_order: b.sort_order,
});

/** The FormData banners.create / banners.update take (spec §7: title, href, sort_order, image; plus mobile_image, remove_mobile_image). */
export function bannerFormData(values: BannerValues, id?: number): FormData {
  const fd = new FormData();
  if (id !== undefined) fd.set('id', String(id));
  fd.set('title', values.title);
  fd.set('href', values.href);
  fd.set('sort_order', String(values.sort_order));
  if (values.image) fd.set('image', values.image);
  if (values.mobile_image) fd.set('mobile_image', values.mobile_image);
  else if (id !== undefined && values.remove_mobile_image) fd.set('remove_mobile_image', '1');
  return fd;
}

/** The server's contract, plus its link rule (no `javascript:` and the like: 'Link inválido'). */
export function useBannerSchema() {
  const { t } = useLingui();
  return useMemo(() => ZBannerFields.refine((v) => isSafeLinkUrl(v.href ?? ''), { message: t`Link inválido`, path: ['href'] }), [t]);
}
