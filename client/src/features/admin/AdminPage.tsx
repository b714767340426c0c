import { useRoutes } from 'react-router';
import { FormStatus } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { Redirect } from '@/components/Redirect';
import { SignOutButton } from '@/components/SignOutButton';
import { usePageTitle } from '@/components/usePageTitle';
import { useSession } from '@/lib/session';
import { AdminNav } from './components/AdminNav';
import { ADMIN_PATHS } from './shared/paths';
import { AiSection } from './sections/AiSection';
import { BandsSection } from './sections/BandsSection';
import { ChangeLogSection } from './sections/ChangeLogSection';
import { ConcertSection } from './sections/ConcertSection';
import { ConcertsSection } from './sections/ConcertsSection';
import { MissingSection } from './sections/MissingSection';
import { NewConcertSection } from './sections/NewConcertSection';
import { OverviewSection } from './sections/OverviewSection';
import { SourcesSection } from './sections/SourcesSection';
import { SubmissionSection } from './sections/SubmissionSection';
import { SubmissionsSection } from './sections/SubmissionsSection';
import { VenuesSection } from './sections/VenuesSection';
import { WaitingSection } from './sections/WaitingSection';
import { WeeklyMailSection } from './sections/WeeklyMailSection';
import { AdminTexts, useAdminText } from './shared/texts';
import './AdminPage.css';

/** Each section at its own address under /admin; an unknown one goes to the overview. */
const SECTION_ROUTES = [
  { index: true, element: <OverviewSection /> },
  { path: 'propuestas', element: <SubmissionsSection /> },
  { path: 'propuestas/:id', element: <SubmissionSection /> },
  { path: 'conciertos', element: <ConcertsSection /> },
  { path: 'conciertos/nuevo', element: <NewConcertSection /> },
  { path: 'conciertos/:id', element: <ConcertSection /> },
  { path: 'bandas', element: <BandsSection /> },
  { path: 'salas', element: <VenuesSection /> },
  { path: 'fuentes', element: <SourcesSection /> },
  { path: 'fuentes/revision', element: <WaitingSection /> },
  { path: 'fuentes/desaparecidos', element: <MissingSection /> },
  { path: 'email-semanal', element: <WeeklyMailSection /> },
  { path: 'ia', element: <AiSection /> },
  { path: 'registro', element: <ChangeLogSection /> },
  { path: '*', element: <Redirect to={ADMIN_PATHS.overview} /> },
];

function AdminSections() {
  return useRoutes(SECTION_ROUTES);
}

/** /admin/*: only for users.is_admin; the server checks every call again. */
export function AdminPage() {
  return (
    <AdminTexts>
      <AdminWorkspace />
    </AdminTexts>
  );
}

function AdminWorkspace() {
  const t = useAdminText();
  const { data, isPending, isError } = useSession();
  const title = t('admin.title');
  // An admin's tab is named by the open section.
  usePageTitle(data?.user?.isAdmin ? null : title);

  let content;
  if (isPending) {
    content = <Loading />;
  } else if (isError) {
    content = <FormStatus kind="error">{t('admin.permissionsFailed')}</FormStatus>;
  } else if (!data.user) {
    // Also where a session ended elsewhere lands: lib/session clears the user on any 401.
    return <Redirect to="/" />;
  } else if (!data.user.isAdmin) {
    content = <FormStatus kind="error">{t('admin.notAdmin')}</FormStatus>;
  } else {
    content = (
      <>
        <AdminNav />
        <AdminSections />
      </>
    );
  }

  return (
    <article className="page page--wide admin-page">
      <div className="admin-page__top">
        <h1>{title}</h1>
        {data?.user && <SignOutButton className="button button--secondary" />}
      </div>
      {content}
    </article>
  );
}
