import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** The answer of one create sent with an Idempotency-Key (migration 20261125120000). */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    key: p.string().length(200).primary(),
    operation: p.string().length(100).primary(),
    request_hash: p.string().length(64),
    response: p.json<unknown>(),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type IIdempotencyKey = InferEntity<typeof IdempotencyKey>;
