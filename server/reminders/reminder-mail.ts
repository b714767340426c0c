// The pre-show reminder: first what it says, as plain data (reminderMailData), then that data in
// the mails' one template (reminderMail).
import { concertPath } from '../../common/concert-page.js';
import { concertTitle } from '../calendar/calendar.dto.js';
import { composeMail, type MailImage } from '../mail/mail-template.js';
import type { OutgoingMail } from '../mail/mailer.js';
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
    image?: MailImage;
  }[];
  urls: { concerts: string; profile: string };
}

export function reminderMailData(
  fan: { to: string; name: string | null },
  day: string,
  rows: (ReminderConcertRow & { image?: MailImage })[],
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
      ...(row.image ? { image: row.image } : {}),
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
  return composeMail(data.to, subject, {
    title: one ? 'Mañana tienes concierto' : subject,
    lines: [
      data.name ? `¡Hola, ${data.name}!` : '¡Hola!',
      one
        ? `Te recordamos tu concierto de mañana, ${when}:`
        : `Te recordamos tus conciertos de mañana, ${when}:`,
    ],
    concerts: data.concerts.map(({ title, hour, venue, price, url, image }) => ({
      title,
      date: hour,
      venue,
      details: [price],
      url,
      ...(image ? { image } : {}),
    })),
    action: { label: 'Ver mis conciertos', url: data.urls.concerts, textLabel: 'Tus conciertos' },
    footer: {
      reason:
        'Recibes este recordatorio porque lo activaste en tu perfil; puedes desactivarlo allí.',
      unsubscribe: { label: 'Desactivar el recordatorio', url: data.urls.profile },
    },
  });
}
