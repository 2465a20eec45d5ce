import { useEffect } from 'react';
import { useLocation, useNavigate } from '../router.tsx';

/**
 * After a rename the server still finds a product or collection by its old slug and answers it
 * with its current slug; the address bar then moves to the current URL (replacing the old entry,
 * query kept), as the server's 301 does for a full page load.
 */
export function useCurrentSlug(base: '/produto' | '/colecao', asked: string, current: string | undefined): void {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    if (current && current !== asked) navigate(`${base}/${encodeURIComponent(current)}${search}`, { replace: true });
  }, [base, asked, current, search, navigate]);
}
