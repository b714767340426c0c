import type { ComponentType } from 'react';
import { Loading } from '@/components/Loading';
import { usePageTitle } from '@/components/usePageTitle';
import { useText } from '@/i18n/IntlContext';
import { useSession } from '@/lib/session';
import { NoSessionNotice } from './NoSessionNotice';
import '@/features/profile/ProfilePage.css';
import './Onboarding.css';

/**
 * What both onboarding steps share: the page title, and the rule that the pages are open to
 * anyone but only do something with a session.
 */
export function OnboardingShell({ title, step: Step }: { title: string; step: ComponentType }) {
  usePageTitle(title);
  const { data, isPending } = useSession();
  const t = useText();
  if (isPending) return <Loading>{t('onboarding.loadingSession')}</Loading>;
  if (!data?.user) return <NoSessionNotice />;
  return <Step />;
}
