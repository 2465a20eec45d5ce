import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const AdminUser = defineEntity({
  name: 'AdminUser',
  tableName: 'admin_users',
  properties: {
    id: p.integer().primary().autoincrement(),
    username: p.string(),
    password_hash: p.text().hidden(),
    is_admin: p.boolean().default(true),
    email: p.string().nullable(),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type IAdminUser = InferEntity<typeof AdminUser>;
