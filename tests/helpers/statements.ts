import { vi } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { preparedSends } from '../../src/db/prepared-statements.ts';

/**
 * Watches every statement `db` is sent from now on, as SQL: through the ORM's `Connection.execute`
 * and through the prepared statements' own ways (src/db/prepared-statements.ts: named statements
 * on PostgreSQL, one simple-protocol message on PGlite). A prepared storefront statement's EXECUTE (PGlite)
 * stands for the text it prepared ($1… for its parameters), and the PREPARE of a first execution is
 * left out (it is part of that execution).
 */
export function watchStatements(db: Database) {
  const execute = vi.spyOn(db.fork().getConnection(), 'execute');
  const named = vi.spyOn(preparedSends, 'named');
  const byText = vi.spyOn(preparedSends, 'text');
  return {
    async seen(): Promise<string[]> {
      const calls: [number, string][] = [
        ...execute.mock.calls.map((c, i): [number, string] => [execute.mock.invocationCallOrder[i] ?? 0, String(c[0])]),
        ...named.mock.calls.map((c, i): [number, string] => [named.mock.invocationCallOrder[i] ?? 0, c[2]]),
        ...byText.mock.calls.map((c, i): [number, string] => [byText.mock.invocationCallOrder[i] ?? 0, `execute ${c[1]}`]),
      ];
      calls.sort((a, b) => a[0] - b[0]);
      type Row = { name: string; statement: string };
      const rows: Row[] =
        db.kind === 'postgresql'
          ? []
          : await db.fork().getConnection().execute<Row[]>('select name, statement from pg_prepared_statements');
      const prepared = new Map<string, string>(rows.map((r: Row) => [r.name, r.statement.replace(/^prepare \w+ as /i, '')]));
      return calls
        .map(([, text]) => text)
        .filter((t) => !/^prepare sf_/i.test(t))
        .map((t) => {
          const name = /^execute (sf_\w+)/i.exec(t)?.[1];
          return name ? (prepared.get(name) ?? t) : t;
        });
    },
    clear() {
      execute.mockClear();
      named.mockClear();
      byText.mockClear();
    },
    restore() {
      execute.mockRestore();
      named.mockRestore();
      byText.mockRestore();
    },
  };
}
