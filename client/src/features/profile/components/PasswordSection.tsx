import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { ProfileDto } from '@common/profile/types';
import { ApiError } from '@/lib/api';
import { newPasswordProblem } from '@/lib/passwordProblem';
import { profileKeys } from '../shared/keys';
import { changePassword } from '../shared/queries';
import { useFlashMessage } from '../shared/useFlashMessage';
import { PasswordField } from '@/components/PasswordField';
import { ReauthHint, REAUTH_REQUIRED, ReauthNotice } from './ReauthNotice';
import { FormStatus } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';

/**
 * Changing the password asks for the current one. An account without one (Google/Spotify only)
 * sets its first password, which the server allows only shortly after a sign-in.
 */
export function PasswordSection({
  hasPassword,
  signInProviders = [],
}: {
  hasPassword: boolean;
  signInProviders?: ProfileDto['signInProviders'];
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [reauth, setReauth] = useState('');
  const [success, showSuccess] = useFlashMessage();
  const t = useText();
  const errorText = useErrorText();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || newPassword === '') return;
    const problem = newPasswordProblem(newPassword);
    if (problem) {
      setError(t(problem));
      return;
    }
    setSaving(true);
    setError('');
    setReauth('');
    try {
      await changePassword({
        ...(hasPassword ? { currentPassword } : {}),
        newPassword,
      });
      setCurrentPassword('');
      setNewPassword('');
      showSuccess(t('password.updated'));
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail() });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === REAUTH_REQUIRED) {
        setReauth(caught.message);
        return;
      }
      const message = errorText(caught, 'layout.unexpected');
      setError(t('password.changeFailed', { message }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <TitledSection className="profile-section" title={t('password.section')}>
      {!hasPassword && <ReauthHint />}
      <form className="account-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        {hasPassword && (
          <PasswordField
            kind="current"
            id={`${id}-current`}
            value={currentPassword}
            onValueChange={setCurrentPassword}
          />
        )}
        <PasswordField
          kind="new"
          id={`${id}-new`}
          value={newPassword}
          onValueChange={setNewPassword}
        />
        <button type="submit" className="button button--primary" disabled={saving}>
          {t('password.save')}
        </button>
      </form>
      {error && <FormStatus kind="error">{error}</FormStatus>}
      {reauth && <ReauthNotice message={reauth} providers={signInProviders} />}
      {success && <FormStatus kind="success">{success}</FormStatus>}
    </TitledSection>
  );
}
