// What fans think of the recommendations: their 👍/👎 of the last 30 days by engine and
// score level, and the concerts with the most 👎, each linking to its page. The emoji are hidden
// from screen readers; each has its words beside it, visually hidden.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { concertPagePath } from '@common/calendar';
import type {
  AdminDislikedConcertDto,
  AdminFeedbackCountDto,
  RecommendationEngineName,
} from '@common/dto';
import { TitledSection } from '@/components/TitledSection';
import { parseDay } from '@/lib/dates';
import { adminKeys } from '../keys';
import { getFeedback } from '../manage-api';
import { ListState } from './ListState';

const ENGINES: { engine: RecommendationEngineName; name: string }[] = [
  { engine: 'builtin', name: 'Recomendador integrado' },
  { engine: 'openai', name: 'OpenAI' },
];

const LEVELS: Record<AdminFeedbackCountDto['score'], { emoji: string; label: string }> = {
  extreme: { emoji: '🔥🔥🔥', label: 'Muy alto' },
  high: { emoji: '🔥🔥', label: 'Alto' },
  medium: { emoji: '🔥', label: 'Medio' },
  low: { emoji: '😴', label: 'Bajo' },
};

const dayFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (day: string) => {
  const date = parseDay(day);
  return date ? dayFormat.format(date) : day;
};

/** An emoji for the eyes, its words for screen readers. */
function Said({ emoji, words }: { emoji: string; words: string }) {
  return (
    <>
      <span aria-hidden="true">{emoji}</span>
      <span className="visually-hidden">{words}</span>
    </>
  );
}

function CountsTable({ counts, days }: { counts: AdminFeedbackCountDto[]; days: number }) {
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption>Valoraciones por motor y nivel de recomendación (últimos {days} días)</caption>
        <thead>
          <tr>
            <th scope="col">Motor</th>
            <th scope="col">Nivel</th>
            <th scope="col" className="admin-table__number">
              <Said emoji="👍" words="A favor" />
            </th>
            <th scope="col" className="admin-table__number">
              <Said emoji="👎" words="En contra" />
            </th>
          </tr>
        </thead>
        {ENGINES.map(({ engine, name }) => {
          const rows = counts.filter((count) => count.engine === engine);
          return (
            <tbody key={engine}>
              {rows.map((count, index) => (
                <tr key={count.score}>
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={rows.length}>
                      {name}
                    </th>
                  )}
                  <th scope="row">
                    <span aria-hidden="true">{LEVELS[count.score].emoji} </span>
                    {LEVELS[count.score].label}
                  </th>
                  <td className="admin-table__number">{count.thumbsUp}</td>
                  <td className="admin-table__number">{count.thumbsDown}</td>
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

function MostDisliked({ concerts, days }: { concerts: AdminDislikedConcertDto[]; days: number }) {
  const titleId = useId();
  return (
    <>
      <h3 id={titleId} className="admin-subtitle">
        Conciertos con más <Said emoji="👎" words="valoraciones en contra" />
      </h3>
      {concerts.length === 0 ? (
        <p className="admin-hint">
          Ningún concierto ha recibido valoraciones en contra en los últimos {days} días.
        </p>
      ) : (
        <ol className="admin-rows" aria-labelledby={titleId}>
          {concerts.map((concert) => (
            <li key={concert.id} className="admin-row">
              <p className="admin-row__title">
                <Link to={concertPagePath(concert.id)}>{concert.title}</Link>
                {' · '}
                <time dateTime={concert.day}>{formatDay(concert.day)}</time> · {concert.venue}
                {' · '}
                <Said
                  emoji={`${concert.thumbsDown} 👎`}
                  words={`${concert.thumbsDown} en contra`}
                />
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function FeedbackStats() {
  const feedback = useQuery({
    queryKey: adminKeys.feedback(),
    queryFn: ({ signal }) => getFeedback(signal),
  });
  const data = feedback.data;
  const given = data
    ? data.counts.reduce((sum, count) => sum + count.thumbsUp + count.thumbsDown, 0)
    : 0;
  const isEmpty = data !== undefined && given === 0 && data.mostDisliked.length === 0;
  return (
    <TitledSection className="admin-card" title="Lo que opinan los fans">
      <ListState
        query={feedback}
        isEmpty={isEmpty}
        empty={`Aún no hay valoraciones en los últimos ${data?.days ?? 30} días.`}
      />
      {data && !isEmpty && (
        <>
          <CountsTable counts={data.counts} days={data.days} />
          <MostDisliked concerts={data.mostDisliked} days={data.days} />
        </>
      )}
    </TitledSection>
  );
}
