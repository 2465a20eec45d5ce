import type { LayoutDto, LegalFooterDto } from '../../shared/content.ts';
import { legalView } from '../../shared/legal-info.ts';
import type { AppContext } from '../context.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';
import { listFooterSections } from './footer.service.ts';
import { listFooterIcons } from './footer-icon.service.ts';
import { listTopHeaders } from './top-header.service.ts';

/** What the storefront layout draws around every page: announcement bars, footer columns, active icons. */
export async function getLayout(ctx: AppContext): Promise<LayoutDto> {
  return {
    topHeaders: await listTopHeaders(ctx),
    footerSections: await listFooterSections(ctx),
    footerIcons: await listFooterIcons(ctx, { activeOnly: true }),
    legal: await legalFooter(ctx),
  };
}

/** The footer's legal block, formatted here (the storefront ships no formatting code for it). */
async function legalFooter(ctx: AppContext): Promise<LegalFooterDto | null> {
  const v = legalView(await loadSettingsRow(ctx.em));
  if (!v.any) return null;
  return { name: v.name, taxId: v.taxId, address: v.address, email: v.email, phone: v.phone, phoneDial: v.phoneDial };
}
