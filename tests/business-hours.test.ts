import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, type DayHours, DEFAULT_WEEK_HOURS, hoursStatus, isTimeZone, type WeekHours } from '../shared/business-hours.ts';
import { WHATSAPP_INPUTS, whatsappHoursProblem } from '../shared/whatsapp-input.ts';

/** Monday to Friday 9h–18h, Saturday 9h–13h, Sunday closed. 2026-11-23 is a Monday. */
const WEEK = DEFAULT_WEEK_HOURS;
const SP = 'America/Sao_Paulo';
const ms = (iso: string) => Date.parse(iso);
const status = (iso: string, hours: WeekHours = WEEK, zone = SP) => hoursStatus(hours, zone, ms(iso));
const closed: DayHours = { open: false, from: '09:00', to: '18:00' };
const only = (days: Record<number, [string, string]>): WeekHours =>
  Array.from({ length: 7 }, (_, d) => (days[d] ? { open: true, from: days[d][0], to: days[d][1] } : closed));

describe('hours in the shop time zone (America/Sao_Paulo, UTC−3): open or when next, until the next boundary', () => {
  it.each([
    // [local time, open, next (weekday, minutes, inDays) or null, until (local)]
    ['2026-11-23T08:59:59-03:00', false, [1, 540, 0], '2026-11-23T09:00:00-03:00'], // a second before opening: today, 9h
    ['2026-11-23T09:00:00-03:00', true, null, '2026-11-23T18:00:00-03:00'], // the opening minute is open
    ['2026-11-23T17:59:59-03:00', true, null, '2026-11-23T18:00:00-03:00'],
    ['2026-11-23T18:00:00-03:00', false, [2, 540, 1], '2026-11-24T00:00:00-03:00'], // closing minute: closed, tomorrow 9h; 'tomorrow' holds until midnight
    ['2026-11-24T00:00:00-03:00', false, [2, 540, 0], '2026-11-24T09:00:00-03:00'], // past midnight it is 'today'
    ['2026-11-27T19:30:00-03:00', false, [6, 540, 1], '2026-11-28T00:00:00-03:00'], // Friday evening: Saturday 9h
    ['2026-11-28T12:59:00-03:00', true, null, '2026-11-28T13:00:00-03:00'], // Saturday closes at 13h
    ['2026-11-28T13:00:00-03:00', false, [1, 540, 2], '2026-11-29T00:00:00-03:00'], // then Monday, in two days
    ['2026-11-29T10:00:00-03:00', false, [1, 540, 1], '2026-11-30T00:00:00-03:00'], // Sunday: closed all day
  ] as const)('%s', (local, open, next, until) => {
    const s = status(local);
    expect(s.open).toBe(open);
    expect(s.next).toEqual(next ? { weekday: next[0], minutes: next[1], inDays: next[2] } : null);
    expect(s.until).toBe(ms(until));
  });

  it('reads the same instant in the shop time zone, not the server one', () => {
    const noonUtc = '2026-11-23T12:00:00Z';
    expect(status(noonUtc, WEEK, 'America/Sao_Paulo')).toMatchObject({ open: true, until: ms('2026-11-23T21:00:00Z') }); // 9h there
    expect(status(noonUtc, WEEK, 'America/Manaus')).toEqual({
      open: false,
      next: { weekday: 1, minutes: 540, inDays: 0 },
      until: ms('2026-11-23T13:00:00Z'), // 8h there: opens at 9h Manaus = 13h UTC
    });
    expect(status(noonUtc, WEEK, 'America/Noronha')).toMatchObject({ open: true, until: ms('2026-11-23T20:00:00Z') });
    expect(status('2026-11-23T11:59:59Z', WEEK, 'Asia/Tokyo')).toMatchObject({ open: false, next: { weekday: 2, inDays: 1 } }); // 20:59 Monday
  });

  it('finds the boundary across a change of UTC offset (summer time ending in New York, 2026-11-01)', () => {
    const sunday = only({ 0: ['09:00', '17:00'] });
    // Saturday 20h EDT (UTC−4): closed; 'tomorrow 9h'; holds until midnight EDT.
    expect(status('2026-10-31T20:00:00-04:00', sunday, 'America/New_York')).toEqual({
      open: false,
      next: { weekday: 0, minutes: 540, inDays: 1 },
      until: ms('2026-11-01T00:00:00-04:00'),
    });
    // From midnight EDT, 9h is 10 hours of elapsed time away (the clocks go back at 2h): 9h EST.
    expect(status('2026-11-01T00:00:00-04:00', sunday, 'America/New_York').until).toBe(ms('2026-11-01T09:00:00-05:00'));
  });

  it('takes 24:00 as the end of the day and wraps the week', () => {
    const lateSaturday = only({ 6: ['20:00', '24:00'] });
    expect(status('2026-11-28T23:59:00-03:00', lateSaturday)).toMatchObject({ open: true, until: ms('2026-11-29T00:00:00-03:00') });
    expect(status('2026-11-29T00:00:00-03:00', lateSaturday)).toMatchObject({
      open: false,
      next: { weekday: 6, minutes: 1200, inDays: 6 },
    });
    const mondayOnly = only({ 1: ['09:30', '12:00'] });
    expect(status('2026-11-23T12:00:00-03:00', mondayOnly).next).toEqual({ weekday: 1, minutes: 570, inDays: 7 }); // next week
  });

  it('is always open without set hours', () => {
    expect(hoursStatus(null, SP, ms('2026-11-29T03:00:00-03:00'))).toEqual(ALWAYS_OPEN);
  });
});

describe('the hours contract', () => {
  const parse = (v: unknown) => WHATSAPP_INPUTS.whatsapp_hours.safeParse(v);
  const issue = (v: unknown) => {
    const r = parse(v);
    return r.success ? null : { message: r.error.issues[0]?.message, path: r.error.issues[0]?.path };
  };

  it('takes seven days as a list or as its JSON text (legacy forms), with legacy booleans', () => {
    expect(parse(WEEK).data).toEqual(WEEK);
    const text = JSON.stringify(WEEK.map((d) => ({ ...d, open: d.open ? '1' : '0' })));
    expect(parse(text).data).toEqual(WEEK);
  });

  it('refuses a week that is not seven days, a time that is not HH:MM and a day that ends before it starts', () => {
    const message = /^Horário de atendimento inválido: informe os sete dias/;
    expect(issue(WEEK.slice(0, 6))?.message).toMatch(message);
    expect(issue('segunda a sexta')?.message).toMatch(message);
    expect(issue(WEEK.map((d, i) => (i === 2 ? { ...d, from: '9h' } : d)))).toEqual({
      message: 'Terça-feira: use horários no formato HH:MM, como 09:00',
      path: [2, 'from'],
    });
    expect(issue(WEEK.map((d, i) => (i === 3 ? { ...d, from: '18:00', to: '09:00' } : d)))).toEqual({
      message: 'Quarta-feira: o horário de início deve ser antes do horário de fim',
      path: [3, 'to'],
    });
    expect(issue(WEEK.map((d, i) => (i === 1 ? { ...d, to: '24:01' } : d)))?.path).toEqual([1, 'from']);
    // A closed day's times are kept but not held to the order rule.
    expect(parse(WEEK.map((d, i) => (i === 0 ? { open: false, from: '18:00', to: '09:00' } : d))).success).toBe(true);
  });

  it('needs an open day when the hours are on', () => {
    const none = WEEK.map((d) => ({ ...d, open: false }));
    expect(whatsappHoursProblem(true, none)).toBe('Marque ao menos um dia de atendimento ou desligue os horários de atendimento');
    expect(whatsappHoursProblem(false, none)).toBeNull();
  });

  it('knows a time zone by its IANA name', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('America/Manaus')).toBe(true);
    expect(isTimeZone('Brasil/Brasilia')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(WHATSAPP_INPUTS.time_zone.safeParse('GMT-3 ; drop').success).toBe(false);
  });
});
