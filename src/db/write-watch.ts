/**
 * Reports every committed write that could change what the shop shows, whatever wrote it: the
 * unit of work's flushes, `nativeUpdate`/`nativeDelete`/`insertMany`, query builders and raw SQL
 * all end in the connection's `execute`, and transactions end in its `commit`. Watching those two
 * (rather than ORM entity events, which native and raw writes skip) leaves no write unseen.
 *
 * Writes to tables that never reach a public page (sessions, admin users, sign-in throttling) are
 * not reported, so an admin browsing the panel (or someone guessing passwords) does not empty the cache.
 */

/** Tables whose rows no public page or read depends on. */
export const PRIVATE_TABLES = new Set(['sessions', 'admin_users', 'auth_throttle', 'mikro_orm_migrations']);

/** Statements that read or steer a transaction: everything else counts as a write. */
const NOT_A_WRITE = /^\s*(?:select|show|explain|set|begin|start|savepoint|release|rollback|commit|values|listen|unlisten)\b/i;
/** The target table of a plain insert, update or delete (schema-qualified or quoted or not). */
const TARGET = /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:(?:"[^"]+"|\w+)\.)?(?:"([^"]+)"|(\w+))/i;

function sqlOf(query: unknown): string | null {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && typeof (query as { sql?: unknown }).sql === 'string') return (query as { sql: string }).sql;
  return null;
}

/** True when the statement may change public data (unknown shapes count as writes: safe side). */
export function isPublicWrite(query: unknown): boolean {
  const sql = sqlOf(query);
  if (sql === null) return true;
  if (NOT_A_WRITE.test(sql)) return false;
  const m = TARGET.exec(sql);
  const table = m ? (m[1] ?? m[2] ?? '').toLowerCase() : null;
  return !(table && PRIVATE_TABLES.has(table));
}

/** The connection methods watched (MikroORM's AbstractSqlConnection). */
type WatchedConnection = {
  execute(query: unknown, params?: unknown, method?: unknown, ctx?: unknown, loggerContext?: unknown): Promise<unknown>;
  begin(options?: { ctx?: unknown }): Promise<unknown>;
  commit(ctx: unknown, ...rest: unknown[]): Promise<void>;
};

/**
 * Wraps a connection so `onCommittedWrite` runs after every write has become visible: at once
 * for a statement outside a transaction, after the outermost commit for one inside (a savepoint's
 * writes count for the transaction around it; a rolled-back transaction reports nothing).
 */
export function watchWrites(connection: WatchedConnection, onCommittedWrite: () => void): void {
  const parents = new WeakMap<object, object>();
  const dirty = new WeakSet<object>();
  const rootOf = (ctx: object) => {
    let c = ctx;
    for (let p = parents.get(c); p; p = parents.get(c)) c = p;
    return c;
  };

  const execute = connection.execute.bind(connection);
  const begin = connection.begin.bind(connection);
  const commit = connection.commit.bind(connection);

  connection.execute = async (query, params, method, ctx, loggerContext) => {
    const result = await execute(query, params, method, ctx, loggerContext);
    if (isPublicWrite(query)) {
      if (ctx && typeof ctx === 'object') dirty.add(rootOf(ctx));
      else onCommittedWrite();
    }
    return result;
  };
  connection.begin = async (options) => {
    const trx = await begin(options);
    if (options?.ctx && typeof options.ctx === 'object' && trx && typeof trx === 'object') parents.set(trx, options.ctx);
    return trx;
  };
  connection.commit = async (ctx, ...rest) => {
    await commit(ctx, ...rest);
    if (!ctx || typeof ctx !== 'object' || parents.has(ctx) || !dirty.has(ctx)) return;
    dirty.delete(ctx);
    if (!(ctx as { isRolledBack?: boolean }).isRolledBack) onCommittedWrite();
  };
}
