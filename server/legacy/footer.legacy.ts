import type { FastifyInstance } from 'fastify';
import {
  CONTENT_MESSAGES,
  ZFooterIconFields,
  ZFooterIconToggle,
  ZFooterLinkCreate,
  ZFooterLinkUpdate,
  ZFooterSectionCreate,
} from '../../shared/content.ts';
import { ZIdInput } from '../../shared/ids.ts';
import {
  createFooterLink,
  createFooterSection,
  deleteFooterLink,
  deleteFooterSection,
  listFooterSections,
  updateFooterLink,
} from '../../src/content/footer.service.ts';
import { createFooterIcon, deleteFooterIcon, listFooterIcons, toggleFooterIcon } from '../../src/content/footer-icon.service.ts';
import { imageField } from '../../src/content/uploads.ts';
import { readRequestForm } from '../input/form.ts';
import { parseInput } from '../input/parse.ts';
import { LAYOUT_TAGS } from '../public-cache/tags.ts';
import { legacyRoute, params } from './legacy-route.ts';

type Def = Parameters<typeof legacyRoute>[1];
const post = (url: string, handler: Def['handler']): Def => ({ method: 'POST', url, policy: 'admin', handler });
const id = (req: Parameters<Def['handler']>[1]) => parseInput(ZIdInput, params(req)).id;

/** /api/footer_icons, /api/footer_sections and /api/footer_links (spec §7 "Footer"); ids by `?id=` or in the body. */
export function footerLegacy(app: FastifyInstance): void {
  const routes: Def[] = [
    {
      method: 'GET',
      url: '/api/footer_icons/list.php',
      policy: 'public',
      cached: true,
      tags: () => LAYOUT_TAGS,
      handler: (ctx) => listFooterIcons(ctx),
    },
    post('/api/footer_icons/create.php', async (ctx, req) => {
      const { fields, files } = await readRequestForm(req);
      const icon = await createFooterIcon(ctx, parseInput(ZFooterIconFields, fields), imageField(files));
      return { ok: true, id: icon.id, message: CONTENT_MESSAGES.iconCreated, icon };
    }),
    post('/api/footer_icons/toggle.php', async (ctx, req) => {
      const icon = await toggleFooterIcon(ctx, parseInput(ZFooterIconToggle, params(req)));
      const message = icon.active ? CONTENT_MESSAGES.iconActivated : CONTENT_MESSAGES.iconDeactivated;
      return { ok: true, id: icon.id, active: icon.active, message, icon };
    }),
    post('/api/footer_icons/delete.php', async (ctx, req) => {
      await deleteFooterIcon(ctx, id(req));
      return { ok: true, message: CONTENT_MESSAGES.iconDeleted };
    }),

    {
      method: 'GET',
      url: '/api/footer_sections/list.php',
      policy: 'public',
      cached: true,
      tags: () => LAYOUT_TAGS,
      handler: (ctx) => listFooterSections(ctx),
    },
    post('/api/footer_sections/create.php', async (ctx, req) => {
      const section = await createFooterSection(ctx, parseInput(ZFooterSectionCreate, params(req)));
      return { ok: true, id: section.id, message: CONTENT_MESSAGES.sectionCreated, section };
    }),
    post('/api/footer_sections/delete.php', async (ctx, req) => {
      await deleteFooterSection(ctx, id(req));
      return { ok: true, message: CONTENT_MESSAGES.sectionDeleted };
    }),

    post('/api/footer_links/create.php', async (ctx, req) => {
      const link = await createFooterLink(ctx, parseInput(ZFooterLinkCreate, params(req)));
      return { ok: true, id: link.id, message: CONTENT_MESSAGES.linkCreated, link };
    }),
    post('/api/footer_links/update.php', async (ctx, req) => {
      const link = await updateFooterLink(ctx, parseInput(ZFooterLinkUpdate, params(req)));
      return { ok: true, id: link.id, message: CONTENT_MESSAGES.linkUpdated, link };
    }),
    post('/api/footer_links/delete.php', async (ctx, req) => {
      await deleteFooterLink(ctx, id(req));
      return { ok: true, message: CONTENT_MESSAGES.linkDeleted };
    }),
  ];
  for (const r of routes) legacyRoute(app, r);
}
