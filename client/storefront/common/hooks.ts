import { useQuery } from '@tanstack/react-query';
import type { Settings } from '../../../shared/settings.ts';
import { useTRPC } from '../../trpc.ts';

/** The storefront settings (prefetched by the server for every page); null while locked. */
export function useSettings(): Settings | null {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.settings.get.queryOptions());
  return data && 'currency' in data ? data : null;
}

/** True while the store is locked for this visitor: the server sent only the lock screen's fields. */
export function useLocked(): boolean {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.settings.get.queryOptions());
  return !!data && !('currency' in data);
}
