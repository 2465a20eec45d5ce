/**
 * The hours a shop answers on WhatsApp (issue 18), in the shop's time zone, and what they mean at
 * a given instant: open now, or when it opens next, and until when that answer holds (the next
 * boundary), so a page that shows it can be cached exactly that long. Pure and zod-free.
 */

/** One weekday: answered from `from` to `to` ('HH:MM', `to` may be '24:00') when `open`. */
export type DayHours = { open: boolean; from: string; to: string };
/** Seven days, Sunday first (index = JavaScript's getDay()). */
export type WeekHours = DayHours[];

/** The time zone of a shop that names none. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** Monday to Friday 9h–18h, Saturday 9h–13h, Sunday closed: what a new shop's form starts with. */
export const DEFAULT_WEEK_HOURS: WeekHours = [
  { open: false, from: '09:00', to: '13:00' },
  ...Array.from({ length: 5 }, () => ({ open: true, from: '09:00', to: '18:00' })),
  { open: true, from: '09:00', to: '13:00' },
];

/** The order a Brazilian week is shown in: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const DAY = 1440;
const WEEK = 7 * DAY;

/** 'HH:MM' to minutes since midnight ('24:00' is 1440), or null. */
export function minutesOf(hhmm: string): number | null {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(hhmm);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= DAY ? minutes : null;
}

/** What is wrong with one day's hours: a time that is not HH:MM, or an open day that ends before it starts; null when usable. */
export function dayHoursProblem(day: DayHours): 'format' | 'order' | null {
  const from = minutesOf(day.from);
  const to = minutesOf(day.to);
  if (from === null || to === null || from === DAY) return 'format';
  return day.open && from >= to ? 'order' : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** True when the runtime knows `timeZone` (an IANA name such as 'America/Manaus'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(timeZone);
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at `instant`: weekday (0 = Sunday) and minutes since midnight, seconds as a fraction. */
export function wallClock(instant: number, timeZone: string): { weekday: number; minutes: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
  const minutes = Number(parts.hour) * 60 + Number(parts.minute) + Number(parts.second) / 60;
  return { weekday: WEEKDAY[parts.weekday ?? ''] ?? 0, minutes };
}

/**
 * Where things stand: `open` now, else `next` opening (weekday, minutes since midnight, and
 * `inDays`: 0 today, 1 tomorrow… in the shop's time zone); `until` is the instant (ms) of the next
 * change of any of that: an opening, a closing, or midnight (when 'today' becomes 'tomorrow').
 * Null `hours` means no set hours: always open, nothing expires.
 */
export type HoursStatus = {
  open: boolean;
  next: { weekday: number; minutes: number; inDays: number } | null;
  until: number | null;
};

export const ALWAYS_OPEN: HoursStatus = { open: true, next: null, until: null };

/** Minutes from `t` forward to `b` on the weekly circle, in (0, WEEK]. */
const ahead = (t: number, b: number) => {
  const d = (((b - t) % WEEK) + WEEK) % WEEK;
  return d === 0 ? WEEK : d;
};

export function hoursStatus(hours: WeekHours | null, timeZone: string, now: number): HoursStatus {
  if (!hours) return ALWAYS_OPEN;
  const start = Math.floor(now / 1000) * 1000;
  const clock = wallClock(start, timeZone);
  const t = clock.weekday * DAY + clock.minutes;
  const spans: [number, number][] = [];
  hours.forEach((day, weekday) => {
    const from = minutesOf(day.from);
    const to = minutesOf(day.to);
    if (day.open && from !== null && to !== null && from < to) spans.push([weekday * DAY + from, weekday * DAY + to]);
  });
  const open = spans.some(([a, b]) => (t >= a && t < b) || (t + WEEK >= a && t + WEEK < b));
  const midnights = Array.from({ length: 7 }, (_, d) => d * DAY);
  const soonest = (points: number[]) => points.reduce((best, b) => (ahead(t, b) < ahead(t, best) ? b : best));
  const boundary = soonest([...spans.flat(), ...midnights]) % WEEK;
  let next: HoursStatus['next'] = null;
  if (!open && spans.length > 0) {
    const at = soonest(spans.map(([a]) => a)) % WEEK;
    next = { weekday: Math.floor(at / DAY), minutes: at % DAY, inDays: Math.floor((clock.minutes + ahead(t, at)) / DAY) };
  }
  return { open, next, until: boundaryInstant(start, t, boundary, timeZone) };
}

/**
 * The instant the wall clock next reads `target` (minutes into the week) after `start` (whose wall
 * time is `t`): the wall-clock distance added as elapsed time, then corrected once by the
 * difference between the wall time reached and the one wanted, so a change of UTC offset in
 * between (summer time, where a zone has it) is accounted for.
 */
function boundaryInstant(start: number, t: number, target: number, timeZone: string): number {
  const guess = start + Math.round(ahead(t, target) * 60_000);
  const reached = wallClock(guess, timeZone);
  let drift = target - (reached.weekday * DAY + reached.minutes);
  if (drift > WEEK / 2) drift -= WEEK;
  if (drift < -WEEK / 2) drift += WEEK;
  return guess + Math.round(drift * 60_000);
}
