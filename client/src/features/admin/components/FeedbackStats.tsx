// What fans think of the recommendations: their 👍/👎 of the last 30 days by engine and
// score level, and the concerts with the most 👎, each linking to its page. The emoji are hidden
// from screen readers; each has its words beside it, visually hidden.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { concertPagePath } from '@common/calendar/links';
import type { AdminDislikedConcertDto, AdminFeedbackCountDto } from '@common/admin/types';
import type { RecommendationEngineName } from '@common/concerts/types';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { TitledSection } from '@/components/TitledSection';
import { useAdminFormats } from '../shared/format';
import { adminKeys, getFeedback } from '../shared/queries';
import { useAdminRichText, useAdminText } from '../shared/texts';
import { ListState } from './ListState';
import { LearningMoves } from './LearningMoves';

const ENGINES: { engine: RecommendationEngineName; name: AdminMessageId }[] = [
  { engine: 'builtin', name: 'admin.feedback.builtin' },
  { engine: 'openai', name: 'admin.feedback.openai' },
];

const LEVELS: Record<AdminFeedbackCountDto['score'], { emoji: string; label: AdminMessageId }> = {
  extreme: { emoji: '🔥🔥🔥', label: 'admin.feedback.extreme' },
  high: { emoji: '🔥🔥', label: 'admin.feedback.high' },
  medium: { emoji: '🔥', label: 'admin.feedback.medium' },
  low: { emoji: '😴', label: 'admin.feedback.low' },
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
  const t = useAdminText();
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption>{t('admin.feedback.caption', { days })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.feedback.engine')}</th>
            <th scope="col">{t('admin.feedback.level')}</th>
            <th scope="col" className="admin-table__number">
              <Said emoji="👍" words={t('admin.feedback.for')} />
            </th>
            <th scope="col" className="admin-table__number">
              <Said emoji="👎" words={t('admin.feedback.against')} />
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
                      {t(name)}
                    </th>
                  )}
                  <th scope="row">
                    <span aria-hidden="true">{LEVELS[count.score].emoji} </span>
                    {t(LEVELS[count.score].label)}
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
  const t = useAdminText();
  const rich = useAdminRichText();
  const formats = useAdminFormats();
  const titleId = useId();
  return (
    <>
      <h3 id={titleId} className="admin-subtitle">
        {rich('admin.feedback.mostDisliked', {
          thumbs: <Said emoji="👎" words={t('admin.feedback.votesAgainst')} />,
        })}
      </h3>
      {concerts.length === 0 ? (
        <p className="admin-hint">{t('admin.feedback.noneDisliked', { days })}</p>
      ) : (
        <ol className="admin-rows" aria-labelledby={titleId}>
          {concerts.map((concert) => (
            <li key={concert.id} className="admin-row">
              <p className="admin-row__title">
                {rich('admin.feedback.concert', {
                  title: <Link to={concertPagePath(concert.id)}>{concert.title}</Link>,
                  day: <time dateTime={concert.day}>{formats.day(concert.day)}</time>,
                  venue: concert.venue,
                  thumbs: (
                    <Said
                      emoji={`${concert.thumbsDown} 👎`}
                      words={t('admin.feedback.thumbsDown', { count: concert.thumbsDown })}
                    />
                  ),
                })}
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function FeedbackStats() {
  const t = useAdminText();
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
    <TitledSection className="admin-card" title={t('admin.feedback.title')}>
      <ListState
        query={feedback}
        isEmpty={isEmpty}
        empty={t('admin.feedback.empty', { days: data?.days ?? 30 })}
      />
      {data && !isEmpty && (
        <>
          <CountsTable counts={data.counts} days={data.days} />
          <MostDisliked concerts={data.mostDisliked} days={data.days} />
          <LearningMoves learning={data.learning} days={data.days} />
        </>
      )}
    </TitledSection>
  );
}
