// 'Añadir al calendario': the concert's .ics file (served by /calendario/conciertos/<id>.ics, so
// every calendar app gets the same UID, Madrid time zone and page link) and a Google Calendar link.
// Used on the agenda's cards and on the concert page.
import { useState } from 'react';
import { concertIcsPath, concertPagePath, googleCalendarUrl } from '@common/calendar/links';
import { useText } from '@/i18n/IntlContext';
import './AddToCalendar.css';

/** A product's name, the same in every language. */
const GOOGLE_CALENDAR = 'Google Calendar';

export interface AddToCalendarProps {
  concertId: number;
  /** As the card shows it: the bands joined with ' + '. */
  title: string;
  /** yyyy-MM-dd and HH:mm, Europe/Madrid. */
  day: string;
  hour: string;
  location: string;
  description?: string | null;
}

export function AddToCalendar(props: AddToCalendarProps) {
  // The options are drawn when the person opens them: an agenda has up to 300 cards, and closed
  // they would be a sixth of each card's elements, and its Google link built for nothing.
  const [open, setOpen] = useState(false);
  const t = useText();
  return (
    <details className="add-to-calendar" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('calendar.add')}</summary>
      {open && <CalendarOptions {...props} />}
    </details>
  );
}

function CalendarOptions({
  concertId,
  title,
  day,
  hour,
  location,
  description,
}: AddToCalendarProps) {
  // The page the server redirects to the concert's slugged address; same origin as the SPA.
  const t = useText();
  const pageUrl = `${window.location.origin}${concertPagePath(concertId)}`;
  const details = [description, t('calendar.moreInfo', { url: pageUrl })]
    .filter(Boolean)
    .join('\n\n');
  return (
    <ul className="add-to-calendar__options">
      <li>
        <a href={concertIcsPath(concertId)} download={t('calendar.icsFile', { id: concertId })}>
          {t('calendar.ics')}
        </a>
        <span className="add-to-calendar__hint">{t('calendar.icsHint')}</span>
      </li>
      <li>
        <a
          href={googleCalendarUrl({ title, day, hour, location, details })}
          target="_blank"
          rel="noopener noreferrer"
        >
          {GOOGLE_CALENDAR}
        </a>
      </li>
    </ul>
  );
}
