import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc.ts';

/** Refreshes every footer list after a change (icons, sections with their links). */
export function useRefreshFooter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.footer.pathKey() });
}

/** The next sort order after the given rows, so a new row goes last. */
export const nextSortOrder = (rows: { sort_order: number }[] | undefined) => Math.max(0, ...(rows ?? []).map((r) => r.sort_order)) + 1;
