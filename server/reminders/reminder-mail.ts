// The pre-show reminder: first what it says, as plain data (reminderMailData), then that data as a
// mail (reminderMail), so another layout can render the same data.
import { concertPath } from '../../common/concert-page.js';
import { concertTitle } from '../calendar/calendar.dto.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { simpleMail } from '../mail/templates.js';
import { bandNamesOfRow } from '../pages/concert-page.dto.js';
import { spanishDay, spanishPrice } from '../weekly-mail/weekly-mail.template.js';
import type { ReminderConcertRow } from './reminders.repository.js';

export interface ReminderMailData {
  to: string;
  name: string | null;
  /** yyyy-MM-dd, Madrid: tomorrow, the day of the concerts. */
  day: string;
  /** At least one, by time. */
  concerts: {
    title: string;
    /** HH:mm */
    hour: string;
    venue: string;
    /** As people read it: 'Gratis', '15,00 €'. */
    price: string;
    /** The concert's page. */
    url: string;
  }[];
  urls: { concerts: string; profile: string };
}

export function reminderMailData(
  fan: { to: string; name: string | null },
  day: string,
  rows: ReminderConcertRow[],
  publicUrl: string,
): ReminderMailData {
  return {
    ...fan,
    day,
    concerts: rows.map((row) => ({
      title: concertTitle(row),
      hour: row.hour,
      venue: row.venue,
      price: spanishPrice(row.price),
      url: `${publicUrl}${concertPath(row.id, { bands: bandNamesOfRow(row), venue: row.venue, day: row.day })}`,
    })),
    urls: { concerts: `${publicUrl}/myconcerts`, profile: `${publicUrl}/profile` },
  };
}

export function reminderMail(data: ReminderMailData): OutgoingMail {
  const [first] = data.concerts;
  const one = data.concerts.length === 1 && first;
  const subject = one
    ? `Mañana: ${first.title}`
    : `Mañana tienes ${data.concerts.length} conciertos`;
  const when = spanishDay(data.day);
  return simpleMail(data.to, subject, {
    title: one ? 'Mañana tienes concierto' : subject,
    lines: [
      data.name ? `¡Hola, ${data.name}!` : '¡Hola!',
      one
        ? `Te recordamos tu concierto de mañana, ${when}:`
        : `Te recordamos tus conciertos de mañana, ${when}:`,
      ...data.concerts.map(
        (concert) =>
          `${concert.title} · ${concert.hour} · ${concert.venue} · ${concert.price}\n${concert.url}`,
      ),
      `Recibes este recordatorio porque lo activaste en tu perfil; puedes desactivarlo allí: ${data.urls.profile}`,
    ],
    action: { label: 'Ver mis conciertos', url: data.urls.concerts, textLabel: 'Tus conciertos' },
  });
}
