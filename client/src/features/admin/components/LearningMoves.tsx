// How often what fans taught us (👎 to a genre, likes and 'Voy' to a band) moved their scores, by
// direction, and the 👍/👎 fans gave those moved scores: whether learning gets it right.
import type { AdminLearningDto } from '@common/learning/types';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { useAdminText } from '../shared/texts';

/** The emoji for the eyes; their words are beside them for screen readers. */
const THUMBS = { up: '👍', down: '👎' };

const DIRECTIONS: Record<AdminLearningDto['moves'][number]['direction'], AdminMessageId> = {
  up: 'admin.feedback.learning.up',
  down: 'admin.feedback.learning.down',
};

export function LearningMoves({ learning, days }: { learning: AdminLearningDto; days: number }) {
  const t = useAdminText();
  return (
    <>
      <h3 className="admin-subtitle">{t('admin.feedback.learning.title')}</h3>
      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption>{t('admin.feedback.learning.caption', { fans: learning.fans, days })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.feedback.learning.direction')}</th>
              <th scope="col" className="admin-table__number">
                {t('admin.feedback.learning.scores')}
              </th>
              <th scope="col" className="admin-table__number">
                <span aria-hidden="true">{THUMBS.up}</span>
                <span className="visually-hidden">{t('admin.feedback.for')}</span>
              </th>
              <th scope="col" className="admin-table__number">
                <span aria-hidden="true">{THUMBS.down}</span>
                <span className="visually-hidden">{t('admin.feedback.against')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {learning.moves.map((move) => (
              <tr key={move.direction}>
                <th scope="row">{t(DIRECTIONS[move.direction])}</th>
                <td className="admin-table__number">{move.scores}</td>
                <td className="admin-table__number">{move.thumbsUp}</td>
                <td className="admin-table__number">{move.thumbsDown}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
