import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { createContext, type ReactNode } from 'react';
import type { AppRouter } from '../../../server/trpc/router.ts';
import { useTRPC } from '../../trpc.ts';

/** What settings.get answers: the storefront's settings, or the lock screen's few fields. */
export type StoreSettings = inferRouterOutputs<AppRouter>['settings']['get'];

/** The settings read once for the whole tree (useSettings), not once per component that draws them. */
export const SettingsContext = createContext<StoreSettings | undefined>(undefined);

/**
 * Reads the settings query once and hands its answer to every useSettings below: a collection page
 * draws 48 product cards, each of which needs the currency and payment terms. The query stays the
 * one source (prefetched by the server, refetched as React Query decides); a change re-renders
 * the tree as before.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.settings.get.queryOptions());
  return <SettingsContext value={data}>{children}</SettingsContext>;
}
