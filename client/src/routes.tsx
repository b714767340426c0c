import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout';
import { Loading } from './components/Loading';
import { RequireSession, VisitorsOnly } from './components/SessionGate';
import { agendaQuery, likeCountsQuery } from './features/concerts/agendaQuery';
import { LandingPage } from './features/landing/LandingPage';

// Everything but the landing is split off so the first visit loads as little as possible.
const AboutPage = lazy(() =>
  import('./features/static/AboutPage').then((m) => ({ default: m.AboutPage })),
);
const PrivacyPage = lazy(() =>
  import('./features/static/PrivacyPage').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('./features/static/TermsPage').then((m) => ({ default: m.TermsPage })),
);
const ContactPage = lazy(() =>
  import('./features/static/ContactPage').then((m) => ({ default: m.ContactPage })),
);
const RecoverPage = lazy(() =>
  import('./features/auth/RecoverPage').then((m) => ({ default: m.RecoverPage })),
);
const UpdatePasswordPage = lazy(() =>
  import('./features/auth/UpdatePasswordPage').then((m) => ({ default: m.UpdatePasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('./features/auth/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
);
const ProfilePage = lazy(() =>
  import('./features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const LikedGenresPage = lazy(() =>
  import('./features/onboarding/LikedGenresPage').then((m) => ({ default: m.LikedGenresPage })),
);
const DislikedGenresPage = lazy(() =>
  import('./features/onboarding/DislikedGenresPage').then((m) => ({
    default: m.DislikedGenresPage,
  })),
);

/**
 * A split-off page that the app may load before its first render (preloadPage): once its code is
 * here it renders straight away. Through lazy() alone it would suspend once even then: the first
 * screen would be the loading state, and the page a moment later.
 */
function preloadablePage(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload };
}

const myConcerts = preloadablePage(() =>
  import('./features/concerts/MyConcertsPage').then((m) => m.MyConcertsPage),
);
const MyConcertsPage = myConcerts.Page;
const publicAgenda = preloadablePage(() =>
  import('./features/concerts/PublicAgendaPage').then((m) => m.PublicAgendaPage),
);
const PublicAgendaPage = publicAgenda.Page;
const ConcertPage = lazy(() =>
  import('./features/concerts/ConcertPage').then((m) => ({ default: m.ConcertPage })),
);
const UnsubscribePage = lazy(() =>
  import('./features/unsubscribe/UnsubscribePage').then((m) => ({ default: m.UnsubscribePage })),
);
const PublishPage = lazy(() =>
  import('./features/submissions/PublishPage').then((m) => ({ default: m.PublishPage })),
);
const AdminPage = lazy(() =>
  import('./features/admin/AdminPage').then((m) => ({ default: m.AdminPage })),
);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        element: (
          <VisitorsOnly>
            <LandingPage />
          </VisitorsOnly>
        ),
      },
      {
        path: '/conciertos-en-mallorca',
        element: (
          <VisitorsOnly>
            <LandingPage />
          </VisitorsOnly>
        ),
      },
      { path: '/about', element: <AboutPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/liked-music-genres', element: <LikedGenresPage /> },
      { path: '/disliked-music-genres', element: <DislikedGenresPage /> },
      {
        path: '/myconcerts',
        element: (
          <RequireSession requireOnboarding>
            {/* A screen-tall wait: the footer stays below the screen until the cards come. */}
            <Suspense fallback={<Loading className="loading loading--page" />}>
              <MyConcertsPage />
            </Suspense>
          </RequireSession>
        ),
      },
      // Public: visitors and fans alike (the server answers these with their own <head>).
      {
        path: '/conciertos',
        element: (
          // A screen-tall wait, as on /myconcerts: the footer never shows above the cards.
          <Suspense fallback={<Loading className="loading loading--page" />}>
            <PublicAgendaPage />
          </Suspense>
        ),
      },
      { path: '/conciertos/:segment', element: <ConcertPage /> },
      {
        path: '/profile',
        element: (
          <RequireSession>
            <ProfilePage />
          </RequireSession>
        ),
      },
      { path: '/recover', element: <RecoverPage /> },
      { path: '/update-password', element: <UpdatePasswordPage /> },
      { path: '/verificar-email', element: <VerifyEmailPage /> },
      { path: '/publica', element: <PublishPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * Opened straight at an agenda (/myconcerts or the public /conciertos): its code and its data are
 * asked for now, alongside the session, instead of one after the other once the session has
 * answered (two round trips less before the first card). Harmless if the session then sends the
 * person elsewhere. Settles when the page's code is here (the HTML preloads it, so about when the
 * app's own script is): main.tsx renders then, and the page draws at once.
 */
export function preloadPage(pathname: string, queryClient: QueryClient): Promise<unknown> {
  const page = pathname.toLowerCase().replace(/\/+$/, '');
  const preload = { '/myconcerts': myConcerts.preload, '/conciertos': publicAgenda.preload }[page];
  if (!preload) return Promise.resolve();
  void queryClient.prefetchQuery(agendaQuery);
  void queryClient.prefetchQuery(likeCountsQuery);
  // A failed load is lazy()'s to retry and report when the page renders.
  return preload().catch(() => undefined);
}

export function AppRoutes() {
  return useRoutes(routes);
}
