import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../shared/errors.ts';
import type { Logger } from '../context.ts';
import { AppError, isAppError } from '../errors.ts';
import type { ImportProgress, ImportResult } from './import-types.ts';

export const IMPORT_BUSY = 'Já há uma importação em andamento. Aguarde o fim dela ou cancele-a.';
export const IMPORT_CANCELLED = 'Importação cancelada: o catálogo ficou como estava.';
export const IMPORT_FAILED = 'A importação falhou e nada foi alterado. Tente novamente.';

export type ImportJobState = 'running' | 'done' | 'failed' | 'cancelled';

/** What the admin polls: where the running (or last) import is. */
export type ImportJobStatus = {
  id: string;
  /** What is imported ('CSV: produtos.csv', 'Shopify'). */
  label: string;
  state: ImportJobState;
  progress: ImportProgress;
  /** pt-BR, when failed or cancelled. */
  error: string | null;
  result: ImportResult | null;
  startedAt: string;
  finishedAt: string | null;
};

type Run = (io: { signal: AbortSignal; onProgress: (p: ImportProgress) => void }) => Promise<ImportResult>;

/**
 * The shop's import jobs: one at a time (a second start is refused while one runs), run in the
 * background of the request that started it, its progress and outcome kept until the next one.
 * One instance per app (the server makes it); `close` cancels a running import and waits for it.
 */
export class ImportJobs {
  private current: { status: ImportJobStatus; abort: AbortController; done: Promise<void> } | null = null;

  private readonly log: Pick<Logger, 'error'> | undefined;

  constructor(log?: Pick<Logger, 'error'>) {
    this.log = log;
  }

  /** Starts `run` as the shop's import; CONFLICT while another one runs. */
  start(label: string, run: Run): ImportJobStatus {
    if (this.current?.status.state === 'running') throw new AppError('CONFLICT', IMPORT_BUSY);
    const abort = new AbortController();
    const status: ImportJobStatus = {
      id: randomUUID(),
      label,
      state: 'running',
      progress: { phase: 'images', done: 0, total: 0 },
      error: null,
      result: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    const done = run({
      signal: abort.signal,
      onProgress: (p) => {
        status.progress = p;
      },
    }).then(
      (result) => {
        Object.assign(status, { state: 'done', result });
      },
      (e: unknown) => {
        if (abort.signal.aborted) Object.assign(status, { state: 'cancelled', error: IMPORT_CANCELLED });
        else {
          const known = isAppError(e) && e.kind !== 'INTERNAL';
          if (!known) this.log?.error({ err: e }, 'catalogue import failed');
          Object.assign(status, { state: 'failed', error: known ? (e as AppError).message : IMPORT_FAILED });
        }
      },
    );
    this.current = {
      status,
      abort,
      done: done.finally(() => {
        status.finishedAt = new Date().toISOString();
      }),
    };
    return { ...status };
  }

  /** The running or last import (a copy), or null. */
  status(): ImportJobStatus | null {
    return this.current ? { ...this.current.status, progress: { ...this.current.status.progress } } : null;
  }

  /** Asks the running import to stop (nothing of it is kept); false when none runs. */
  cancel(): boolean {
    if (this.current?.status.state !== 'running') return false;
    this.current.abort.abort(new AppError('BAD_REQUEST', MESSAGES.requestCancelled));
    return true;
  }

  /** Resolves once no import runs (for tests and shutdown). */
  async idle(): Promise<void> {
    await this.current?.done;
  }

  /** Shutdown: cancels a running import and waits until it has undone itself. */
  async close(): Promise<void> {
    this.cancel();
    await this.idle();
  }
}
