import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ProfileDto } from '@common/profile/types';
import { PasswordField } from '@/components/PasswordField';
import { ApiError } from '@/lib/api';
import { setSessionUser } from '@/lib/session';
import { deleteAccount } from '../shared/queries';
import { ReauthHint, REAUTH_REQUIRED, ReauthNotice } from './ReauthNotice';
import { FormStatus } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
/** Long enough to read the confirmation before landing on the home page. */
const GOODBYE_DELAY_MS = 1500;

type State = 'idle' | 'deleting' | 'deleted' | 'failed' | 'reauth';

/**
 * Deleting the account asks for the current password when there is one; an account without one
 * (Google/Spotify only) is asked by the server to sign in again when its sign-in is not recent.
 */
export function DangerZone({
  hasPassword,
  signInProviders,
}: {
  hasPassword: boolean;
  signInProviders: ProfileDto['signInProviders'];
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<State>('idle');
  const [currentPassword, setCurrentPassword] = useState('');
  const [failure, setFailure] = useState('');
  // The password field exists only while the dialog is open: a closed dialog keeps no password.
  const [isOpen, setIsOpen] = useState(false);
  const t = useText();
  const errorText = useErrorText();

  useEffect(() => {
    if (state !== 'deleted') return;
    const timer = window.setTimeout(() => {
      queryClient.clear();
      setSessionUser(queryClient, null);
      void navigate('/', { replace: true });
    }, GOODBYE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state, queryClient, navigate]);

  function open() {
    setState('idle');
    setCurrentPassword('');
    setIsOpen(true);
    dialogRef.current?.showModal();
    // The safe choice gets the focus first.
    cancelRef.current?.focus();
  }

  function close() {
    dialogRef.current?.close();
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'deleting') return;
    if (hasPassword && currentPassword === '') {
      setFailure(t('danger.passwordRequired'));
      setState('failed');
      return;
    }
    setState('deleting');
    try {
      await deleteAccount(hasPassword ? { currentPassword } : {});
      close();
      setState('deleted');
    } catch (caught) {
      const known = caught instanceof ApiError && caught.status >= 400 && caught.status < 500;
      setFailure(known ? errorText(caught, 'danger.failed') : t('danger.failed'));
      setState(caught instanceof ApiError && caught.code === REAUTH_REQUIRED ? 'reauth' : 'failed');
    }
  }

  return (
    <TitledSection className="profile-section danger-zone" title={t('danger.title')}>
      <button
        ref={openerRef}
        type="button"
        className="button button--danger"
        onClick={open}
        disabled={state === 'deleting' || state === 'deleted'}
      >
        {t('danger.delete')}
      </button>
      {state === 'deleted' && <FormStatus kind="success">{t('danger.deleted')}</FormStatus>}
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby={`${id}-dialog-title`}
        aria-describedby={`${id}-dialog-text`}
        onClose={() => {
          setIsOpen(false);
          setCurrentPassword('');
          openerRef.current?.focus();
        }}
      >
        <h2 id={`${id}-dialog-title`}>{t('danger.confirmTitle')}</h2>
        <p id={`${id}-dialog-text`}>{t('danger.confirmText')}</p>
        <form onSubmit={(event) => void confirm(event)} noValidate>
          {!hasPassword && <ReauthHint />}
          {hasPassword && isOpen && (
            <PasswordField
              kind="current"
              id={`${id}-password`}
              value={currentPassword}
              onValueChange={setCurrentPassword}
              invalid={state === 'failed'}
            />
          )}
          {state === 'failed' && <FormStatus kind="error">{failure}</FormStatus>}
          {state === 'reauth' && <ReauthNotice message={failure} providers={signInProviders} />}
          <div className="profile-actions">
            <button type="submit" className="button button--danger" disabled={state === 'deleting'}>
              {t('danger.confirm')}
            </button>
            <button
              ref={cancelRef}
              type="button"
              className="button button--secondary"
              onClick={close}
            >
              {t('profile.cancel')}
            </button>
          </div>
        </form>
      </dialog>
    </TitledSection>
  );
}
