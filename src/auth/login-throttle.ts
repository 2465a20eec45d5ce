import type { EntityManager } from '@mikro-orm/core';
import { type BackoffPolicy, clearFailures, keyPart, readFailures, recordFailure, type ThrottleKey } from './throttle-store.ts';

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
 * Blocked attempts are refused before the password is checked and are not counted.
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

/** Seconds this address must wait before trying this account again (0: go ahead). */
export async function loginWait(em: EntityManager, account: string, address: string): Promise<number> {
  const k = loginKeys(account, address);
  const [pair, byAddress, byAccount] = await readFailures(em, [k.pair, k.address, k.account]);
  const accountWide = (pair?.count ?? 0) > 0 ? (byAccount?.waitSeconds ?? 0) : 0;
  return Math.max(pair?.waitSeconds ?? 0, byAddress?.waitSeconds ?? 0, accountWide);
}

export async function loginFailed(em: EntityManager, account: string, address: string): Promise<void> {
  const k = loginKeys(account, address);
  await recordFailure(em, k.pair, LOGIN_BACKOFF.accountAddress);
  await recordFailure(em, k.address, LOGIN_BACKOFF.address);
  await recordFailure(em, k.account, LOGIN_BACKOFF.account);
}

export async function loginSucceeded(em: EntityManager, account: string, address: string): Promise<void> {
  await clearFailures(em, loginKeys(account, address).pair);
}

const unlockKeys = (address: string): { address: ThrottleKey; global: ThrottleKey } => ({
  address: { kind: 'unlock:address', key: address },
  global: { kind: 'unlock:global', key: '*' },
});

/** Seconds this address must wait before trying the store unlock password again. */
export async function unlockWait(em: EntityManager, address: string): Promise<number> {
  const states = await readFailures(em, Object.values(unlockKeys(address)));
  return Math.max(0, ...states.map((s) => s.waitSeconds));
}

export async function unlockFailed(em: EntityManager, address: string): Promise<void> {
  const k = unlockKeys(address);
  await recordFailure(em, k.address, UNLOCK_BACKOFF.address);
  await recordFailure(em, k.global, UNLOCK_BACKOFF.global);
}

export async function unlockSucceeded(em: EntityManager, address: string): Promise<void> {
  await clearFailures(em, unlockKeys(address).address);
}
