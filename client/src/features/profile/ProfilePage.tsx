import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/components/usePageTitle';
import { CalendarFeedSection } from './components/CalendarFeedSection';
import { AlertFrequencyChoice } from './components/AlertFrequencyChoice';
import { MailSwitch } from './components/MailSwitch';
import { DangerZone } from './components/DangerZone';
import { DataExportSection } from './components/DataExportSection';
import { LearnedSection } from './components/LearnedSection';
import { PasswordSection } from './components/PasswordSection';
import { ProfileEditForm } from './components/ProfileEditForm';
import { ProfileView } from './components/ProfileView';
import { SessionsSection } from './components/SessionsSection';
import { useProfile } from './shared/queries';
import { useFlashMessage } from './shared/useFlashMessage';
import { FormStatus, StatusRegion } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { useText } from '@/i18n/IntlContext';
import './ProfilePage.css';

function ProfileContent() {
  const navigate = useNavigate();
  const { data: profile, isPending, isError } = useProfile();
  const [editing, setEditing] = useState(false);
  const [saved, showSaved] = useFlashMessage();
  const t = useText();

  if (isPending) {
    return <Loading className="profile-loading" />;
  }
  if (isError) {
    return <FormStatus kind="error">{t('profile.loadFailed')}</FormStatus>;
  }

  return (
    <>
      <StatusRegion message={saved ? { kind: 'success', text: saved } : null} />
      {editing ? (
        <>
          <ProfileEditForm
            profile={profile}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              showSaved(t('profile.saved'));
            }}
          />
          <PasswordSection
            hasPassword={profile.hasPassword}
            signInProviders={profile.signInProviders}
          />
        </>
      ) : (
        <>
          <ProfileView profile={profile} />
          <div className="profile-actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => setEditing(true)}
            >
              {t('profile.edit')}
            </button>
          </div>
        </>
      )}
      <div className="profile-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigate('/myconcerts')}
        >
          {t('profile.backToConcerts')}
        </button>
      </div>
      <CalendarFeedSection genres={profile.topGenres} />
      <MailSwitch field="changeNotices" enabled={profile.changeNotices} />
      <MailSwitch field="showReminders" enabled={profile.showReminders} />
      <AlertFrequencyChoice frequency={profile.alertFrequency} />
      <LearnedSection />
      <SessionsSection />
      <DataExportSection />
      <DangerZone hasPassword={profile.hasPassword} signInProviders={profile.signInProviders} />
    </>
  );
}

export function ProfilePage() {
  const t = useText();
  const title = t('profile.title');
  usePageTitle(title);
  return (
    <article className="page profile-page">
      <h1>{title}</h1>
      <ProfileContent />
    </article>
  );
}
