import { useLingui } from '@lingui/react/macro';
import type { HoursStatus } from '../../../shared/business-hours.ts';
import { whatsappLink } from '../../../shared/whatsapp-link.ts';
import classes from './WhatsApp.module.css';
import { WhatsAppIcon } from './WhatsAppIcon.tsx';

/** A weekday's name in the shop's language (0 = Sunday): 'segunda-feira', 'Monday'… */
const weekdayName = (weekday: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + weekday));

/** A time of day as the shop's language writes it: '9h' and '9h30' in Portuguese, else the locale's own ('9:00 AM'). */
function timeText(minutes: number, locale: string): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (locale === 'pt-BR') return m ? `${h}h${String(m).padStart(2, '0')}` : `${h}h`;
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1, h, m));
}

type Props = { number: string; message: string; siteTitle: string; status: HoursStatus };

/**
 * The floating 'Fale conosco pelo WhatsApp' button (issue 18). Rendered by the server only, as
 * plain HTML after the app (client/entry-server.tsx): no script of its own. Outside the hours it
 * says when the shop answers ('Respondemos a partir de segunda-feira, 9h'); the page is cached
 * only until the next opening, closing or midnight (the status's `until`).
 */
export function WhatsAppFloat({ number, message, siteTitle, status }: Props) {
  const { t, i18n } = useLingui();
  const text = message.trim() || t`Olá! Vim pela loja ${siteTitle} e gostaria de atendimento.`;
  const next = status.open ? null : status.next;
  let note = '';
  if (next) {
    const time = timeText(next.minutes, i18n.locale);
    const day = weekdayName(next.weekday, i18n.locale);
    if (next.inDays === 0) note = t`Respondemos hoje a partir das ${time}`;
    else if (next.inDays === 1) note = t`Respondemos amanhã a partir das ${time}`;
    else note = t`Respondemos a partir de ${day}, ${time}`;
  }
  // The note sits beside the link, not in it, so the link's name is exactly its label; the link
  // still covers the whole pill (a stretched link), and the note is its description.
  return (
    <div className={classes.float} data-whatsapp="float">
      {note && (
        <span id="whatsapp-hours" className={classes.note}>
          {note}
        </span>
      )}
      <a
        className={classes.floatLink}
        href={whatsappLink(number, text)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t`Fale conosco pelo WhatsApp`}
        aria-describedby={note ? 'whatsapp-hours' : undefined}
      >
        <WhatsAppIcon size={30} />
      </a>
    </div>
  );
}
