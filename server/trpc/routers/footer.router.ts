import { z } from 'zod';
import {
  ZFooterIcon,
  ZFooterIconFields,
  ZFooterIconToggle,
  ZFooterLink,
  ZFooterLinkCreate,
  ZFooterLinkUpdate,
  ZFooterSection,
  ZFooterSectionCreate,
  ZFooterSectionMove,
} from '../../../shared/content.ts';
import { ZIdInput } from '../../../shared/ids.ts';
import {
  createFooterLink,
  createFooterSection,
  deleteFooterLink,
  deleteFooterSection,
  listFooterSections,
  moveFooterSection,
  updateFooterLink,
} from '../../../src/content/footer.service.ts';
import { createFooterIcon, deleteFooterIcon, listFooterIcons, toggleFooterIcon } from '../../../src/content/footer-icon.service.ts';
import { imageField } from '../../../src/content/uploads.ts';
import { readFormData } from '../../input/form.ts';
import { parseInput } from '../../input/parse.ts';
import { adminProcedure, publicReadProcedure, router, uploadProcedure } from '../trpc.ts';

const ok = { ok: true } as const;

/** Footer icons, sections and links (spec §7 "Footer"); flat names so every path is `footer.<name>`. */
export const footerRouter = router({
  icons: publicReadProcedure.output(z.array(ZFooterIcon)).query(({ ctx }) => listFooterIcons(ctx.app)),
  /** FormData with `image` (required), alt_text and sort_order. */
  createIcon: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZFooterIcon)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readFormData(input);
      return createFooterIcon(ctx.app, parseInput(ZFooterIconFields, fields), imageField(files));
    }),
  toggleIcon: adminProcedure
    .input(ZFooterIconToggle)
    .output(ZFooterIcon)
    .mutation(({ ctx, input }) => toggleFooterIcon(ctx.app, input)),
  deleteIcon: adminProcedure.input(ZIdInput).mutation(({ ctx, input }) => deleteFooterIcon(ctx.app, input.id).then(() => ok)),

  sections: publicReadProcedure.output(z.array(ZFooterSection)).query(({ ctx }) => listFooterSections(ctx.app)),
  createSection: adminProcedure
    .input(ZFooterSectionCreate)
    .output(ZFooterSection)
    .mutation(({ ctx, input }) => createFooterSection(ctx.app, input)),
  /** One place up or down; answers the sections in their new order. */
  moveSection: adminProcedure
    .input(ZFooterSectionMove)
    .output(z.array(ZFooterSection))
    .mutation(({ ctx, input }) => moveFooterSection(ctx.app, input)),
  deleteSection: adminProcedure.input(ZIdInput).mutation(({ ctx, input }) => deleteFooterSection(ctx.app, input.id).then(() => ok)),

  createLink: adminProcedure
    .input(ZFooterLinkCreate)
    .output(ZFooterLink)
    .mutation(({ ctx, input }) => createFooterLink(ctx.app, input)),
  updateLink: adminProcedure
    .input(ZFooterLinkUpdate)
    .output(ZFooterLink)
    .mutation(({ ctx, input }) => updateFooterLink(ctx.app, input)),
  deleteLink: adminProcedure.input(ZIdInput).mutation(({ ctx, input }) => deleteFooterLink(ctx.app, input.id).then(() => ok)),
});
