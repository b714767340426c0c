import { ActionSection } from '../components/ActionSection';
import { FeedbackStats } from '../components/FeedbackStats';
import { useSectionTitle } from './useSectionTitle';

/** /admin/ia: the three generation runs, and what fans think of the recommendations. */
export function AiSection() {
  useSectionTitle('Recomendaciones e IA');
  return (
    <>
      <div className="field-grid admin-actions-grid">
        <ActionSection
          title="Generar recomendaciones"
          kind="recommendations"
          path="/api/generateRecommendations"
          buttonLabel="Generar recomendaciones"
          failure="Error generando recomendaciones."
        />
        <ActionSection
          title="Generar descripciones cortas"
          kind="descriptions-short"
          path="/api/generateDescriptions"
          buttonLabel="Generar descripciones cortas"
          failure="Error al generar descripciones."
        />
        <ActionSection
          title="Generar descripciones largas"
          kind="descriptions-long"
          path="/api/generateDescriptionsLong"
          buttonLabel="Generar descripciones largas"
          failure="Error al generar descripciones largas."
        />
      </div>
      <FeedbackStats />
    </>
  );
}
