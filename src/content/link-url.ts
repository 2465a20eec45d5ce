import { CONTENT_MESSAGES, isSafeLinkUrl } from '../../shared/content.ts';
import { AppError } from '../errors.ts';

/** Banner and footer links end up in an href: refuse script URLs before they are stored (`field`: the input's name). */
export function checkedLinkUrl(url: string, field?: string): string {
  if (!isSafeLinkUrl(url)) throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.invalidLink, undefined, field);
  return url;
}
