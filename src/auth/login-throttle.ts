import type { EntityManager } from '@mikro-orm/core';
import {
  type BackoffPolicy,
  clearFailures,
  keyPart,
  readFailures,
  recordFailure,
  type ThrottleKey,
  takeAttempt,
  undoAttempt,
} from './throttle-store.ts';

/**
 * Login and unlock protection: only failures count, and they back off exponentially instead of
 * locking anyone out for long. The rules that keep the owner able to sign in:
 *
 * - A correct password clears its (account, address) pair; successes never count anywhere.
 * - Failures on one account from one address back off that pair only (an office NAT waits out a
 *   few seconds, then the right password works).
 * - Failures from one address across many accounts back off that address.
 * - Failures on one account from many addresses back off only addresses that have themselves
 *   failed on that account: an address with no failure is never refused for the account's sake.
 *
 * Each attempt is counted before the password is checked, in one atomic statement per key, so
 * guesses sent in parallel meet the block the earlier ones set; a blocked attempt is refused
 * without being counted, and a right password takes its attempt back.
 */

const MINUTE = 60_000;

export const LOGIN_BACKOFF = {
  /** One account from one address: the 5th failure waits 2 s, the 6th 4 s, … up to 15 min. */
  accountAddress: { threshold: 5, baseMs: 2_000, capMs: 15 * MINUTE },
  /** One address, any accounts (password spraying). */
  address: { threshold: 20, baseMs: 2_000, capMs: 15 * MINUTE },
  /** One account, every address; applies only to addresses that failed on the account. */
  account: { threshold: 10, baseMs: 2_000, capMs: 15 * MINUTE },
} satisfies Record<string, BackoffPolicy>;

export const UNLOCK_BACKOFF = {
  /** Store unlock password, one address. */
  address: { threshold: 10, baseMs: 2_000, capMs: 15 * MINUTE },
  /**
   * Store unlock password, every address together: a botnet cannot guess the shared password
   * without end. A stranger can only delay visitors' unlock; the owner signs in as admin instead.
   */
  global: { threshold: 100, baseMs: 2_000, capMs: 15 * MINUTE },
} satisfies Record<string, BackoffPolicy>;

const loginKeys = (account: string, address: string) => ({
  pair: { kind: 'login:account-address', key: `${keyPart(account)}|${address}` },
  address: { kind: 'login:address', key: address },
  account: { kind: 'login:account', key: keyPart(account) },
});

/**
 * Before the password is checked: counts this attempt on its (account, address) pair and its
 * address (see takeAttempt: a blocked key refuses without counting), and applies the account-wide
 * block to addresses that have failed on the account before. Returns the seconds to wait (0: go
 * ahead, the attempt is counted until `loginSucceeded` or `loginFailed` settles it).
 */
export async function loginAttempt(em: EntityManager, account: string, address: string): Promise<number> {
  const k = loginKeys(account, address);
  const pair = await takeAttempt(em, k.pair, LOGIN_BACKOFF.accountAddress);
  if (pair.refused) return pair.waitSeconds;
  const byAddress = await takeAttempt(em, k.address, LOGIN_BACKOFF.address);
  if (byAddress.refused) {
    await undoAttempt(em, k.pair, LOGIN_BACKOFF.accountAddress);
    return byAddress.waitSeconds;
  }
  if (pair.prior > 0) {
    const [byAccount] = await readFailures(em, [k.account]);
    if (byAccount && byAccount.waitSeconds > 0) {
      await loginAbandoned(em, account, address);
      return byAccount.waitSeconds;
    }
  }
  return 0;
}

/** The password was wrong: the attempt stays counted, and the account's own counter grows. */
export async function loginFailed(em: EntityManager, account: string, address: string): Promise<void> {
  await recordFailure(em, loginKeys(account, address).account, LOGIN_BACKOFF.account);
}

/** The password was right: the pair's failures are forgotten and the attempt taken back. */
export async function loginSucceeded(em: EntityManager, account: string, address: string): Promise<void> {
  const k = loginKeys(account, address);
  await clearFailures(em, k.pair);
  await undoAttempt(em, k.address, LOGIN_BACKOFF.address);
}

/** The attempt ended before any password was judged (bad input, an outage): nothing counts. */
export async function loginAbandoned(em: EntityManager, account: string, address: string): Promise<void> {
  const k = loginKeys(account, address);
  await undoAttempt(em, k.pair, LOGIN_BACKOFF.accountAddress);
  await undoAttempt(em, k.address, LOGIN_BACKOFF.address);
}

const unlockKeys = (address: string): { address: ThrottleKey; global: ThrottleKey } => ({
  address: { kind: 'unlock:address', key: address },
  global: { kind: 'unlock:global', key: '*' },
});

/** Before the unlock password is checked: counts the attempt per address and globally, or says how long to wait. */
export async function unlockAttempt(em: EntityManager, address: string): Promise<number> {
  const k = unlockKeys(address);
  const byAddress = await takeAttempt(em, k.address, UNLOCK_BACKOFF.address);
  if (byAddress.refused) return byAddress.waitSeconds;
  const global = await takeAttempt(em, k.global, UNLOCK_BACKOFF.global);
  if (global.refused) {
    await undoAttempt(em, k.address, UNLOCK_BACKOFF.address);
    return global.waitSeconds;
  }
  return 0;
}

/** The unlock password was right (or never judged): the attempt is taken back. */
export async function unlockSettled(em: EntityManager, address: string, succeeded: boolean): Promise<void> {
  const k = unlockKeys(address);
  if (succeeded) await clearFailures(em, k.address);
  else await undoAttempt(em, k.address, UNLOCK_BACKOFF.address);
  await undoAttempt(em, k.global, UNLOCK_BACKOFF.global);
}

/** Counts one wrong unlock password without an attempt (tests and tools). */
export async function unlockFailed(em: EntityManager, address: string): Promise<void> {
  const k = unlockKeys(address);
  await recordFailure(em, k.address, UNLOCK_BACKOFF.address);
  await recordFailure(em, k.global, UNLOCK_BACKOFF.global);
}
