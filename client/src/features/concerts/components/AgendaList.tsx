import type { AgendaConcertDto } from '../../../../../common/dto';
import { ConcertCard } from './ConcertCard';

interface AgendaListProps {
  concerts: readonly AgendaConcertDto[];
  signedIn: boolean;
  siteUrl: string;
  /** The first card's picture loads first (the fan's agenda, where it is on screen at once). */
  prioritizeFirst?: boolean;
}

/** The agenda's cards, as the list the pages and their tests find by the name "Conciertos". */
export function AgendaList({ concerts, signedIn, siteUrl, prioritizeFirst }: AgendaListProps) {
  return (
    <ul className="agenda-list" aria-label="Conciertos">
      {concerts.map((concert, index) => (
        <li key={concert.id}>
          <ConcertCard
            concert={concert}
            signedIn={signedIn}
            siteUrl={siteUrl}
            firstOnScreen={prioritizeFirst ? index === 0 : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
