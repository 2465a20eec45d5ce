import { Trans } from '@lingui/react/macro';
import { Link } from '../router.tsx';

/** Not-found view with the way back home (spec §8). */
export function NotFound({ children }: { children: React.ReactNode }) {
  return (
    <div style={{ textAlign: 'center', padding: '80px 16px' }}>
      <h1 style={{ fontSize: '1.6rem', margin: '0 0 16px' }}>{children}</h1>
      <Link to="/">
        <Trans>← Voltar para a página inicial</Trans>
      </Link>
    </div>
  );
}
