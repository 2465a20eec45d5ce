import type { AppContext, SessionUser } from '../../src/context.ts';
import type { Database } from '../../src/db/database.ts';
import { ADMIN, silentLog } from './test-app.ts';

/** The first admin of a fresh test database (createTestApp creates it, so its id is 1). */
export const ADMIN_USER: SessionUser = { id: 1, username: ADMIN.username, isAdmin: true };

/** The AppContext an adapter would build, for calling services or createCaller without HTTP: a visitor unless a user is given. */
export const contextFor = (db: Database, user: SessionUser | null = null): AppContext => ({
  em: db.fork(),
  user,
  sessionId: null,
  unlocked: false,
  locale: 'pt-BR',
  log: silentLog,
  shop: { shopifyDomain: '', shopifyToken: '' },
  uploadsDir: '/nonexistent',
});
