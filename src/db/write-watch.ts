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
export const PRIVATE_TABLES = new Set(['sessions', 'admin_users', 'auth_throttle', 'idempotency_keys', 'mikro_orm_migrations']);

/** Statements that read or steer a transaction: they write nothing. */
const NOT_A_WRITE = new Set([
  'select',
  'show',
  'explain',
  'set',
  'begin',
  'start',
  'savepoint',
  'release',
  'rollback',
  'commit',
  'values',
  'listen',
  'unlisten',
]);

/** A token of SQL text: a keyword or plain name (lower-cased), a quoted name, or any other character. Literals are dropped. */
type Token = { word?: string; name?: string; char?: string };

/** One lexeme: whitespace, a line comment, a block comment's start, a quote, a dollar-quote tag, a word, any other character. */
const LEXEME =
  /(\s+|--[^\n]*)|(\/\*)|(')|(")|(\$(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$)|([\w\u0080-\uffff][\w$\u0080-\uffff]*)|([\s\S])/y;

/**
 * Splits SQL into tokens (at most `max`), skipping whitespace, comments (nested block comments
 * too) and literals ('…', E'…', $tag$…$tag$), so that nothing inside them is taken for a keyword,
 * a parenthesis or a semicolon. Null when the text ends inside a literal or a comment.
 */
function tokenize(sql: string, max = Number.POSITIVE_INFINITY): Token[] | null {
  const tokens: Token[] = [];
  const n = sql.length;
  let i = 0;
  while (i < n && tokens.length < max) {
    LEXEME.lastIndex = i;
    const m = LEXEME.exec(sql) as RegExpExecArray;
    i = LEXEME.lastIndex;
    if (m[1] !== undefined) continue;
    if (m[2] !== undefined) {
      for (let depth = 1; depth > 0; ) {
        const open = sql.indexOf('/*', i);
        const close = sql.indexOf('*/', i);
        if (close < 0) return null;
        const nested = open >= 0 && open < close;
        depth += nested ? 1 : -1;
        i = (nested ? open : close) + 2;
      }
    } else if (m[3] !== undefined) {
      // E'…' (the E just read as a word, touching the quote) lets a backslash escape the quote.
      const escapes = tokens.at(-1)?.word === 'e' && /e/i.test(sql[i - 2] ?? '');
      if (escapes) tokens.pop();
      for (;;) {
        const q = sql.indexOf("'", i);
        if (q < 0) return null;
        if (escapes) {
          let backslashes = 0;
          while (sql[q - 1 - backslashes] === '\\') backslashes++;
          if (backslashes % 2 === 1) {
            i = q + 1;
            continue;
          }
        }
        if (sql[q + 1] === "'") i = q + 2;
        else {
          i = q + 1;
          break;
        }
      }
    } else if (m[4] !== undefined) {
      let name = '';
      for (;;) {
        const q = sql.indexOf('"', i);
        if (q < 0) return null;
        name += sql.slice(i, q);
        if (sql[q + 1] !== '"') {
          i = q + 1;
          break;
        }
        name += '"';
        i = q + 2;
      }
      tokens.push({ name });
    } else if (m[5] !== undefined) {
      const end = sql.indexOf(m[5], i);
      if (end < 0) return null;
      i = end + m[5].length;
    } else if (m[6] !== undefined) tokens.push({ word: m[6].toLowerCase() });
    else tokens.push({ char: m[7] });
  }
  return tokens;
}

/** The index just past the parenthesis closing the one at `open`, or -1. */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i]?.char === '(') depth++;
    else if (tokens[i]?.char === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The table named at `i` (`[only] [schema.]table`, quoted or not) and the index after it. */
function tableAt(tokens: Token[], i: number): { table: string; next: number } | null {
  let at = tokens[i]?.word === 'only' && (tokens[i + 1]?.word !== undefined || tokens[i + 1]?.name !== undefined) ? i + 1 : i;
  const part = (t: Token | undefined) => t?.name ?? t?.word;
  let table = part(tokens[at]);
  if (table === undefined) return null;
  while (tokens[at + 1]?.char === '.' && part(tokens[at + 2]) !== undefined) {
    at += 2;
    table = part(tokens[at]) as string;
  }
  return { table, next: at + 1 };
}

/**
 * The tables one statement (`tokens`, no semicolon) writes: none for a read, the target of an
 * insert, update, delete or truncate, and those of the data-modifying parts of a WITH
 * (`with gone as (delete from t … returning 1) select …`). Null when the statement is of a
 * shape not recognised here: the caller counts it as a write.
 */
function targets(tokens: Token[]): string[] | null {
  const first = tokens[0]?.word;
  if (first === undefined) return tokens.length === 0 ? [] : null;
  if (NOT_A_WRITE.has(first)) return [];
  if (first === 'with') return withTargets(tokens);
  const named = (i: number) => {
    const t = tableAt(tokens, i);
    return t ? [t.table] : null;
  };
  if (first === 'insert' && tokens[1]?.word === 'into') return named(2);
  if (first === 'update') return named(1);
  if (first === 'delete' && tokens[1]?.word === 'from') return named(2);
  if (first === 'truncate') {
    // truncate [table] a, b, …: every table listed.
    const out: string[] = [];
    let i = tokens[1]?.word === 'table' ? 2 : 1;
    for (;;) {
      const t = tableAt(tokens, i);
      if (!t) return null;
      out.push(t.table);
      if (tokens[t.next]?.char === '*') t.next++;
      if (tokens[t.next]?.char !== ',') return out;
      i = t.next + 1;
    }
  }
  return null;
}

/** `with [recursive] name [(columns)] as [[not] materialized] (statement), … statement`. */
function withTargets(tokens: Token[]): string[] | null {
  const out: string[] = [];
  let i = tokens[1]?.word === 'recursive' ? 2 : 1;
  for (;;) {
    if (tokens[i]?.word === undefined && tokens[i]?.name === undefined) return null;
    i++;
    if (tokens[i]?.char === '(') {
      i = closing(tokens, i);
      if (i < 0) return null;
    }
    if (tokens[i]?.word !== 'as') return null;
    i++;
    if (tokens[i]?.word === 'not') i++;
    if (tokens[i]?.word === 'materialized') i++;
    if (tokens[i]?.char !== '(') return null;
    const end = closing(tokens, i);
    if (end < 0) return null;
    const inner = targets(tokens.slice(i + 1, end - 1));
    if (inner === null) return null;
    out.push(...inner);
    i = end;
    // SEARCH / CYCLE clauses of a recursive query: not followed here.
    if (tokens[i]?.char !== ',') break;
    i++;
  }
  const main = targets(tokens.slice(i));
  return main === null || tokens.length === i ? null : [...out, ...main];
}

function sqlOf(query: unknown): string | null {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && typeof (query as { sql?: unknown }).sql === 'string') return (query as { sql: string }).sql;
  return null;
}

/**
 * The tables a statement (or several, separated by semicolons) writes; null when that cannot be
 * told (unknown shapes count as writes: the safe side).
 */
export function writtenTables(sql: string): string[] | null {
  // A single statement other than WITH and TRUNCATE (which list their targets) is told by its
  // first words: a long insert is not read through.
  const head = sql.includes(';') ? null : tokenize(sql, 16);
  const tokens = head && head[0]?.word !== 'with' && head[0]?.word !== 'truncate' ? head : tokenize(sql);
  if (!tokens) return null;
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i < tokens.length && tokens[i]?.char !== ';') continue;
    const t = targets(tokens.slice(start, i));
    if (t === null) return null;
    out.push(...t);
    start = i + 1;
  }
  return out;
}

/** True when the statement may change public data (unknown shapes count as writes: safe side). */
export function isPublicWrite(query: unknown): boolean {
  const sql = sqlOf(query);
  if (sql === null) return true;
  const tables = writtenTables(sql);
  return tables === null || tables.some((t) => !PRIVATE_TABLES.has(t));
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
