import { MESSAGES } from '../../shared/errors.ts';

/** Deepest nesting of arrays and objects a JSON input may have; no form or contract needs more than a few levels. */
export const JSON_MAX_DEPTH = 64;

const QUOTE = 34; // "
const BACKSLASH = 92; // \
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/** True when the arrays and objects of `json` nest deeper than `max`: one pass over the text, no recursion. */
export function nestsDeeperThan(json: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(c)) depth--;
  }
  return false;
}

class Poisoned extends Error {}

/**
 * True when a key of `json` is `__proto__`, or `prototype` holding an object (`constructor.prototype`),
 * written plainly or with \u escapes. Call it on text whose depth passed nestsDeeperThan: the
 * reviver recurses once per level.
 */
export function hasPrototypeKey(json: string): boolean {
  if (!json.includes('proto') && !json.includes('\\u')) return false;
  try {
    JSON.parse(json, (key, value) => {
      if (key === '__proto__' || (key === 'prototype' && typeof value === 'object')) throw new Poisoned();
      return value;
    });
    return false;
  } catch (e) {
    return e instanceof Poisoned;
  }
}

/** Why a JSON input is refused before anything parses it for real, or null when it may go on. */
export function jsonRefusal(json: string): string | null {
  if (nestsDeeperThan(json)) return MESSAGES.jsonTooDeep;
  if (hasPrototypeKey(json)) return MESSAGES.badRequest;
  return null;
}
