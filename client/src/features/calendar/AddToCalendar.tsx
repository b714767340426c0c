// 'Añadir al calendario': the concert's .ics file (served by /calendario/conciertos/<id>.ics, so
// every calendar app gets the same UID, Madrid time zone and page link) and a Google Calendar link.
// Used on the agenda's cards and on the concert page.
import { useState } from 'react';
import { concertIcsPath, concertPagePath, googleCalendarUrl } from '@common/calendar';
import './AddToCalendar.css';

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
  return (
    <details className="add-to-calendar" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Añadir al calendario</summary>
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
  const pageUrl = `${window.location.origin}${concertPagePath(concertId)}`;
  const details = [description, `Más información: ${pageUrl}`].filter(Boolean).join('\n\n');
  return (
    <ul className="add-to-calendar__options">
      <li>
        <a href={concertIcsPath(concertId)} download={`concierto-${concertId}.ics`}>
          Descargar archivo .ics
        </a>
        <span className="add-to-calendar__hint"> (Apple, Outlook y otros)</span>
      </li>
      <li>
        <a
          href={googleCalendarUrl({ title, day, hour, location, details })}
          target="_blank"
          rel="noopener noreferrer"
        >
          Google Calendar
        </a>
      </li>
    </ul>
  );
}
