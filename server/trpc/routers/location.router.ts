import { ZLocation } from '../../../shared/location.ts';
import { detectLocation } from '../../../src/location/location.service.ts';
import { locationSource } from '../../location/location-source.ts';
import { publicProcedure, requireHttp, router } from '../trpc.ts';

export const locationRouter = router({
  detect: publicProcedure.output(ZLocation).query(({ ctx }) => {
    const { fastify, req } = requireHttp(ctx);
    return detectLocation(locationSource(fastify, req), fastify.geo);
  }),
});
