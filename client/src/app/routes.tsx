import { Suspense, useEffect, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Loading } from '@/components/Loading';
import { Layout } from './Layout';
import { Redirect } from '@/components/Redirect';
import { RequireSession, VisitorsOnly } from './SessionGate';
import { carousel, LandingPage } from '@/features/landing/LandingPage';
import { lazyPage, type LazyPage } from '@/lib/lazyPage';
import { loadAllTexts } from '@/i18n/load';
import { SUBMISSION_CONFIRM_PATH } from '@common/submissions/limits';

/** A page's code, and the whole catalogue where the page before (the landing) had its own texts. */
const lazyTextedPage = (load: () => Promise<ComponentType>) =>
  lazyPage(() => Promise.all([load(), loadAllTexts()]).then(([page]) => page));

// Everything but the landing is split off so the first visit loads as little as possible.
const pages = {
  about: lazyTextedPage(() => import('@/features/static/AboutPage').then((m) => m.AboutPage)),
  privacy: lazyTextedPage(() => import('@/features/static/PrivacyPage').then((m) => m.PrivacyPage)),
  terms: lazyTextedPage(() => import('@/features/static/TermsPage').then((m) => m.TermsPage)),
  contact: lazyTextedPage(() => import('@/features/static/ContactPage').then((m) => m.ContactPage)),
  recover: lazyTextedPage(() => import('@/features/auth/RecoverPage').then((m) => m.RecoverPage)),
  updatePassword: lazyTextedPage(() =>
    import('@/features/auth/UpdatePasswordPage').then((m) => m.UpdatePasswordPage),
  ),
  verifyEmail: lazyTextedPage(() =>
    import('@/features/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage),
  ),
  profile: lazyTextedPage(() =>
    import('@/features/profile/ProfilePage').then((m) => m.ProfilePage),
  ),
  likedGenres: lazyTextedPage(() =>
    import('@/features/onboarding/LikedGenresPage').then((m) => m.LikedGenresPage),
  ),
  dislikedGenres: lazyTextedPage(() =>
    import('@/features/onboarding/DislikedGenresPage').then((m) => m.DislikedGenresPage),
  ),
  myConcerts: lazyTextedPage(() =>
    import('@/features/concerts/MyConcertsPage').then((m) => m.MyConcertsPage),
  ),
  publicAgenda: lazyTextedPage(() =>
    import('@/features/concerts/PublicAgendaPage').then((m) => m.PublicAgendaPage),
  ),
  concert: lazyTextedPage(() =>
    import('@/features/concerts/ConcertPage').then((m) => m.ConcertPage),
  ),
  unsubscribe: lazyTextedPage(() =>
    import('@/features/unsubscribe/UnsubscribePage').then((m) => m.UnsubscribePage),
  ),
  publish: lazyTextedPage(() =>
    import('@/features/submissions/PublishPage').then((m) => m.PublishPage),
  ),
  confirmSubmission: lazyTextedPage(() =>
    import('@/features/submissions/ConfirmSubmissionPage').then((m) => m.ConfirmSubmissionPage),
  ),
  admin: lazyTextedPage(() => import('@/features/admin/AdminPage').then((m) => m.AdminPage)),
} satisfies Record<string, LazyPage>;

/**
 * The landing, and the pages its form leads to (the agenda, the onboarding) with the whole
 * catalogue, fetched once someone starts on the form: they are there when the sign-in answers.
 */
function LandingAndNext() {
  useEffect(() => {
    const fetchNext = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest('form')) return;
      stop();
      for (const page of [pages.myConcerts, pages.likedGenres]) {
        page.preload().catch(() => undefined); // lazy() tries again, and reports, on the way in
      }
    };
    const stop = () => {
      document.removeEventListener('focusin', fetchNext);
      document.removeEventListener('submit', fetchNext, true);
    };
    document.addEventListener('focusin', fetchNext);
    document.addEventListener('submit', fetchNext, true);
    return stop;
  }, []);
  return <LandingPage />;
}

/** A route of a split-off page: its element, and its code to load before hydrating it. */
const route = (path: string, page: LazyPage, wrap = (element: ReactElement) => element) => ({
  path,
  element: wrap(<page.Page />),
  handle: page,
});

const visitorsOnly = (element: ReactElement) => <VisitorsOnly>{element}</VisitorsOnly>;
const signedIn = (element: ReactElement) => <RequireSession>{element}</RequireSession>;
/** A screen-tall wait on the agendas: the footer never shows above the cards. */
const screenTall = (element: ReactElement) => (
  <Suspense fallback={<Loading className="loading loading--page" />}>{element}</Suspense>
);

/**
 * Every page by its address (any case, trailing slash or not); an unknown address goes back to
 * the landing. The public pages (/conciertos and each concert's) are for visitors and fans alike.
 */
const routes: RouteObject[] = [
  { path: '/', element: visitorsOnly(<LandingAndNext />) },
  { path: '/conciertos-en-mallorca', element: visitorsOnly(<LandingAndNext />) },
  route('/about', pages.about),
  route('/privacy', pages.privacy),
  route('/terms', pages.terms),
  route('/contact', pages.contact),
  route('/liked-music-genres', pages.likedGenres),
  route('/disliked-music-genres', pages.dislikedGenres),
  route('/myconcerts', pages.myConcerts, (element) => (
    <RequireSession requireOnboarding>{screenTall(element)}</RequireSession>
  )),
  route('/conciertos', pages.publicAgenda, screenTall),
  route('/conciertos/:segment', pages.concert),
  route('/profile', pages.profile, signedIn),
  route('/recover', pages.recover),
  route('/update-password', pages.updatePassword),
  route('/verificar-email', pages.verifyEmail),
  route('/publica', pages.publish),
  route(SUBMISSION_CONFIRM_PATH, pages.confirmSubmission),
  route('/admin/*', pages.admin),
  route('/unsubscribe', pages.unsubscribe),
  { path: '*', element: <Redirect to="/" /> },
];

/** The code of the page at this address, loaded (nothing to load for the landing). */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const handle = matchRoutes(routes, pathname)?.[0]?.route.handle as LazyPage | undefined;
  return handle ? handle.preload() : Promise.resolve();
}

/** Every page's code (and the landing's carousel): the server renders any without waiting. */
export function preloadAllPages(): Promise<unknown> {
  return Promise.all([...Object.values(pages), carousel].map((page) => page.preload()));
}

export function AppRoutes() {
  return <Layout>{useRoutes(routes)}</Layout>;
}
