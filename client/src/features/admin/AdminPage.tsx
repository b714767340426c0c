import { Redirect } from '@/components/Redirect';
import { SignOutButton } from '@/components/SignOutButton';
import { usePageTitle } from '@/components/usePageTitle';
import { useSession } from '@/lib/session';
import { ActionSection } from './components/ActionSection';
import { BandForm } from './components/BandForm';
import { ConcertForm } from './components/ConcertForm';
import { LinkForm } from './components/LinkForm';
import { SubmissionsSection } from './components/SubmissionsSection';
import { WeeklyEmailSection } from './components/WeeklyEmailSection';
import { AuditLog } from './components/AuditLog';
import { FeedbackStats } from './components/FeedbackStats';
import { BandsManager } from './components/BandsManager';
import { ConcertsManager } from './components/ConcertsManager';
import { VenuesManager } from './components/VenuesManager';
import { FormStatus } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import './AdminPage.css';

const TITLE = 'Panel de administración';

function AdminPanel() {
  return (
    <>
      <div className="field-grid admin-actions-grid">
        <ActionSection
          title="Generar recomendaciones"
          path="/api/generateRecommendations"
          buttonLabel="Generar recomendaciones"
          failure="Error generando recomendaciones."
        />
        <ActionSection
          title="Generar descripciones cortas"
          path="/api/generateDescriptions"
          buttonLabel="Generar descripciones cortas"
          failure="Error al generar descripciones."
        />
        <ActionSection
          title="Generar descripciones largas"
          path="/api/generateDescriptionsLong"
          buttonLabel="Generar descripciones largas"
          failure="Error al generar descripciones largas."
        />
      </div>
      <SubmissionsSection />
      <ConcertForm />
      <BandForm />
      <LinkForm />
      <WeeklyEmailSection />
      <FeedbackStats />
      <ConcertsManager />
      <BandsManager />
      <VenuesManager />
      <AuditLog />
    </>
  );
}

/** /admin: only for users.is_admin; the server checks every call again. */
export function AdminPage() {
  usePageTitle(TITLE);
  const { data, isPending, isError } = useSession();

  let content;
  if (isPending) {
    content = <Loading />;
  } else if (isError) {
    content = <FormStatus kind="error">Error validando permisos.</FormStatus>;
  } else if (!data.user) {
    // Also where a session ended elsewhere lands: lib/session clears the user on any 401.
    return <Redirect to="/" />;
  } else if (!data.user.isAdmin) {
    content = <FormStatus kind="error">No tienes permisos de administrador.</FormStatus>;
  } else {
    content = <AdminPanel />;
  }

  return (
    <article className="page page--wide admin-page">
      <div className="admin-page__top">
        <h1>{TITLE}</h1>
        {data?.user && <SignOutButton className="button button--secondary" />}
      </div>
      {content}
    </article>
  );
}
