import { QueryClient } from '@tanstack/react-query';

/** A fresh cache per request; never shared, so no visitor sees another's data. */
export function makeServerQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
}
