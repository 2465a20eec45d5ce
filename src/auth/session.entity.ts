import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { AdminUser } from './admin-user.entity.ts';

/** A signed-in browser. The id is the SHA-256 of the cookie token, so a leaked table opens nothing. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.string().primary(),
    user: p.manyToOne(AdminUser).deleteRule('cascade'),
    created_at: p.datetime().onCreate(() => new Date()),
    last_seen_at: p.datetime().onCreate(() => new Date()),
    expires_at: p.datetime(),
  },
});
export type ISession = InferEntity<typeof Session>;
