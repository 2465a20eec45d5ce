import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../trpc.ts';

/** How often a running import's progress is asked for. */
const POLL_MS = 700;

/**
 * The shop's running (or last) import, polled while it runs. When one ends, the product lists
 * and the Shopify list (its 'Vinculado a') are read again.
 */
export function useImportJob() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(
    trpc.catalogImport.status.queryOptions(undefined, {
      refetchInterval: (q) => (q.state.data?.state === 'running' ? POLL_MS : false),
    }),
  );
  const state = status.data?.state;
  const was = useRef(state);
  useEffect(() => {
    if (was.current === 'running' && state && state !== 'running') {
      void queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.shopify.products.pathKey() });
    }
    was.current = state;
  }, [state, queryClient, trpc]);
  return status;
}
