import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from '../router.tsx';
import classes from './CollectionPage.module.css';

type PageButtonProps = {
  /** The page's query string: the link works without JavaScript. */
  search: string;
  loading: boolean;
  colors: { background: string; color: string };
  /** With JavaScript: the page loads in place instead. */
  onLoad: () => void;
  children: ReactNode;
};

function PageButton({ search, loading, colors, onLoad, children }: PageButtonProps) {
  const { t } = useLingui();
  return (
    <Link
      to={{ search }}
      className={classes.moreButton}
      style={colors}
      aria-busy={loading}
      onClick={(e) => {
        e.preventDefault();
        onLoad();
      }}
    >
      {loading ? t`Carregando...` : children}
    </Link>
  );
}

type Props = Omit<PageButtonProps, 'children'>;

/** 'Ver mais', below the products: a real link to the next `pagina`; with JavaScript it loads below. */
export function ViewMore({ shown, total, ...button }: Props & { shown: number; total: number }) {
  const { t } = useLingui();
  return (
    <div className={classes.more}>
      <p className={classes.progress}>{t`Mostrando ${shown} de ${total}`}</p>
      <PageButton {...button}>{t`Ver mais`}</PageButton>
    </div>
  );
}

/** 'Ver anteriores', above the products of a page past the first: the page before, loaded above with JavaScript. */
export function ViewPrevious(props: Props) {
  const { t } = useLingui();
  return (
    <div className={classes.previous}>
      <PageButton {...props}>{t`Ver anteriores`}</PageButton>
    </div>
  );
}
