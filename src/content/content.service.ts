import type { LayoutDto } from '../../shared/content.ts';
import type { AppContext } from '../context.ts';
import { listFooterSections } from './footer.service.ts';
import { listFooterIcons } from './footer-icon.service.ts';
import { listTopHeaders } from './top-header.service.ts';

/** What the storefront layout draws around every page: announcement bars, footer columns, active icons. */
export async function getLayout(ctx: AppContext): Promise<LayoutDto> {
  return {
    topHeaders: await listTopHeaders(ctx),
    footerSections: await listFooterSections(ctx),
    footerIcons: await listFooterIcons(ctx, { activeOnly: true }),
  };
}
