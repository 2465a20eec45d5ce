import { z } from 'zod';
import { type DayHours, dayHoursProblem, isTimeZone, type WeekHours } from './business-hours.ts';
import { zBool } from './coerce.ts';
import { zBlock } from './text-fields.ts';
import { normalizeWhatsAppNumber, WHATSAPP_NUMBER_MESSAGE } from './whatsapp-number.ts';

/**
 * The contract of the WhatsApp settings (issue 18): the number (E.164, +55 when a Brazilian number
 * comes without it), an optional default message, the hours (seven days, Sunday first; from the
 * admin as a list, from a legacy multipart form as its JSON text) and the shop's time zone. The
 * same rules run in the admin form and on the server, with these Portuguese messages.
 */
export const WHATSAPP_MESSAGE_MAX = 500;
export const WHATSAPP_MESSAGE_TOO_LONG = `A mensagem padrão pode ter no máximo ${WHATSAPP_MESSAGE_MAX} caracteres`;
export const WHATSAPP_HOURS_MESSAGE =
  'Horário de atendimento inválido: informe os sete dias, de domingo a sábado, cada um com aberto/fechado e horários no formato HH:MM';
export const TIME_ZONE_MESSAGE = 'Fuso horário inválido: escolha um da lista, como America/Sao_Paulo (horário de Brasília)';
export const NO_OPEN_DAY_MESSAGE = 'Marque ao menos um dia de atendimento ou desligue os horários de atendimento';

/** Day names for the messages, Sunday first. */
export const DAY_NAMES_PT = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];

const dayProblemMessage = (weekday: number, problem: 'format' | 'order') =>
  problem === 'format'
    ? `${DAY_NAMES_PT[weekday]}: use horários no formato HH:MM, como 09:00`
    : `${DAY_NAMES_PT[weekday]}: o horário de início deve ser antes do horário de fim`;

const zDay = z.object({ open: zBool, from: z.string(), to: z.string() });

const zWhatsAppNumber = z.unknown().transform((v, ctx) => {
  const number = typeof v === 'string' ? normalizeWhatsAppNumber(v) : null;
  if (number !== null) return number;
  ctx.addIssue({ code: 'custom', message: WHATSAPP_NUMBER_MESSAGE });
  return z.NEVER;
});

const zWeekHours = z.unknown().transform((v, ctx): WeekHours => {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      value = null;
    }
  }
  const week = z.array(zDay).length(7).safeParse(value);
  if (!week.success) {
    ctx.addIssue({ code: 'custom', message: WHATSAPP_HOURS_MESSAGE });
    return z.NEVER;
  }
  week.data.forEach((day: DayHours, weekday) => {
    const problem = dayHoursProblem(day);
    if (problem)
      ctx.addIssue({ code: 'custom', message: dayProblemMessage(weekday, problem), path: [weekday, problem === 'order' ? 'to' : 'from'] });
  });
  return week.data.map(({ open, from, to }) => ({ open, from, to }));
});

const zTimeZone = z.unknown().transform((v, ctx) => {
  const zone = typeof v === 'string' ? v.trim() : '';
  if (isTimeZone(zone)) return zone;
  ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
  return z.NEVER;
});

/** The update form of each WhatsApp setting (settings-input.ts takes them from here). */
export const WHATSAPP_INPUTS = {
  whatsapp_number: zWhatsAppNumber,
  whatsapp_message: zBlock({ trim: true, max: WHATSAPP_MESSAGE_MAX, tooLong: WHATSAPP_MESSAGE_TOO_LONG }),
  whatsapp_hours: zWeekHours,
  time_zone: zTimeZone,
};

/** Hours switched on need at least one open day. */
export function whatsappHoursProblem(enabled: boolean, hours: WeekHours): string | null {
  return enabled && !hours.some((d) => d.open) ? NO_OPEN_DAY_MESSAGE : null;
}
