import type { RecommendationProgressDto } from '@common/concerts/types';
import { useText } from '@/i18n/IntlContext';

export function RecommendationProgress({ progress }: { progress: RecommendationProgressDto }) {
  const t = useText();
  const text = t('agenda.progress', { scored: progress.scored, total: progress.total });
  return (
    <div className="agenda-progress">
      <p role="status" className="agenda-progress__text">
        {text}
      </p>
      <progress
        className="agenda-progress__bar"
        aria-label={t('agenda.progressLabel')}
        max={progress.total}
        value={progress.scored}
      />
    </div>
  );
}
