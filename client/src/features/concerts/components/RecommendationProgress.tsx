import type { RecommendationProgressDto } from '@common/dto';

export function RecommendationProgress({ progress }: { progress: RecommendationProgressDto }) {
  const text = `Calculando tus recomendaciones: ${progress.scored} de ${progress.total}`;
  return (
    <div className="agenda-progress">
      <p role="status" className="agenda-progress__text">
        {text}
      </p>
      <progress
        className="agenda-progress__bar"
        aria-label="Progreso de tus recomendaciones"
        max={progress.total}
        value={progress.scored}
      />
    </div>
  );
}
