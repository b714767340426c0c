import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Switch } from './lib/router';
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

/** The landing is for visitors (a signed-in person goes to their page). */
function VisitorsLanding() {
  return (
    <VisitorsOnly>
      <LandingPage />
    </VisitorsOnly>
  );
}

/**
 * Every page by its address, the first that matches (any case, trailing slash or not); an unknown
 * address goes back to the landing.
 */
function Pages() {
  return (
    <Switch>
      <Route path="/" component={VisitorsLanding} />
      <Route path="/conciertos-en-mallorca" component={VisitorsLanding} />
      <Route path="/about" component={AboutPage} />
      <Route path="/privacy" component={PrivacyPage} />
      <Route path="/terms" component={TermsPage} />
      <Route path="/contact" component={ContactPage} />
      <Route path="/liked-music-genres" component={LikedGenresPage} />
      <Route path="/disliked-music-genres" component={DislikedGenresPage} />
      <Route path="/myconcerts">
        <RequireSession requireOnboarding>
          {/* A screen-tall wait: the footer stays below the screen until the cards come. */}
          <Suspense fallback={<Loading className="loading loading--page" />}>
            <MyConcertsPage />
          </Suspense>
        </RequireSession>
      </Route>
      {/* Public: visitors and fans alike (the server answers these with their own <head>). */}
      <Route path="/conciertos">
        {/* A screen-tall wait, as on /myconcerts: the footer never shows above the cards. */}
        <Suspense fallback={<Loading className="loading loading--page" />}>
          <PublicAgendaPage />
        </Suspense>
      </Route>
      <Route path="/conciertos/:segment" component={ConcertPage} />
      <Route path="/profile">
        <RequireSession>
          <ProfilePage />
        </RequireSession>
      </Route>
      <Route path="/recover" component={RecoverPage} />
      <Route path="/update-password" component={UpdatePasswordPage} />
      <Route path="/verificar-email" component={VerifyEmailPage} />
      <Route path="/publica" component={PublishPage} />
      <Route path="/admin" component={AdminPage} />
      <Route path="/unsubscribe" component={UnsubscribePage} />
      <Route>
        <Navigate to="/" replace />
      </Route>
    </Switch>
  );
}

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
  return (
    <Layout>
      <Pages />
    </Layout>
  );
}
