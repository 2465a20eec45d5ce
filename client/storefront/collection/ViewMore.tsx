import { Trans } from '@lingui/react/macro';
import { Link } from '../router.tsx';
import classes from './CollectionPage.module.css';

type Props = {
  /** The next page's query string: the link works without JavaScript. */
  search: string;
  shown: number;
  total: number;
  loading: boolean;
  colors: { background: string; color: string };
  onMore: () => void;
};

/** 'Ver mais': a real link to the next `pagina`; with JavaScript the next page loads in place. */
export function ViewMore({ search, shown, total, loading, colors, onMore }: Props) {
  return (
    <div className={classes.more}>
      <p className={classes.progress}>
        <Trans>
          Mostrando {shown} de {total}
        </Trans>
      </p>
      <Link
        to={{ search }}
        className={classes.moreButton}
        style={colors}
        aria-busy={loading}
        onClick={(e) => {
          e.preventDefault();
          onMore();
        }}
      >
        {loading ? <Trans>Carregando...</Trans> : <Trans>Ver mais</Trans>}
      </Link>
    </div>
  );
}
