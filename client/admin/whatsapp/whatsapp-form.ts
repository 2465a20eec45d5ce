import type { AdminSettings } from '../../../shared/settings-input.ts';

/** The settings 'WhatsApp' edits (issue 18). */
export const WHATSAPP_KEYS = ['whatsapp_number', 'whatsapp_message', 'whatsapp_hours_enabled', 'whatsapp_hours', 'time_zone'] as const;
export type WhatsAppValues = Pick<AdminSettings, (typeof WHATSAPP_KEYS)[number]>;

/** Brazil's four time zones, by a city each (IANA names); a zone set through the API is listed too. */
export const BRAZIL_TIME_ZONES = ['America/Sao_Paulo', 'America/Manaus', 'America/Rio_Branco', 'America/Noronha'] as const;
