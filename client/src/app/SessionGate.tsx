import type { ReactNode } from 'react';
import { Redirect } from '@/components/Redirect';
import { useText } from '@/i18n/IntlContext';
import { homePathFor, useSession } from '@/lib/session';
import { Loading } from '@/components/Loading';

interface RequireSessionProps {
  children: ReactNode;
  /** Send people who have not finished the genre onboarding there first. */
  requireOnboarding?: boolean;
}

/** Pages for signed-in people: without a session they go back to the landing. */
export function RequireSession({ children, requireOnboarding = false }: RequireSessionProps) {
  const { data, isPending } = useSession();
  const t = useText();
  if (isPending) {
    // Screen-tall: these pages are long, and the footer must not jump away when they come.
    return <Loading className="loading loading--page">{t('onboarding.loadingSession')}</Loading>;
  }
  const user = data?.user;
  if (!user) return <Redirect to="/" />;
  if (requireOnboarding && !user.onboardingCompleted) {
    return <Redirect to="/liked-music-genres" />;
  }
  return children;
}

/** The landing is for visitors: a signed-in person goes straight to their page. */
export function VisitorsOnly({ children }: { children: ReactNode }) {
  const { data, isPending } = useSession();
  // Nothing shows while the session loads, so nobody sees the landing flash by; the room it will
  // take is kept, so the footer does not jump away when it comes.
  if (isPending) return <div className="page-placeholder" />;
  if (data?.user) return <Redirect to={homePathFor(data.user)} />;
  return children;
}
