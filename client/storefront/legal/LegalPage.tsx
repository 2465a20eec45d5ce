import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { LegalPageSlug } from '../../../shared/legal-pages.ts';
import { useTRPC } from '../../trpc.ts';
import { Link } from '../router.tsx';
import classes from './Legal.module.css';
import { LEGAL_TITLES } from './legal-titles.ts';

/** A legal page, server-rendered from the owner's text or its template filled with the shop's data. */
export function LegalPage({ slug }: { slug: LegalPageSlug }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const { data } = useQuery(trpc.legal.page.queryOptions({ slug }));
  const title = i18n._(LEGAL_TITLES[slug]);
  return (
    <article className={classes.page}>
      <nav className={classes.breadcrumb} aria-label={t`Você está em`}>
        <Link to="/">{t`Início`}</Link>
        <span aria-hidden="true">/</span>
        <span>{title}</span>
      </nav>
      <h1 className={classes.title}>{title}</h1>
      {data?.blocks.map((block, i) => {
        // A page's blocks are static text, rendered once and never reordered: their place is their identity.
        const key = `b${i}`;
        if (block.kind === 'heading') return <h2 key={key}>{block.text}</h2>;
        if (block.kind === 'list')
          return (
            <ul key={key}>
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        return <p key={key}>{block.text}</p>;
      })}
    </article>
  );
}
