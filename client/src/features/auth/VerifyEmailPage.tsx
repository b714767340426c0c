import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { VerifyEmailResponse } from '@common/auth/types';
import { MailedLinkPage } from '@/components/MailedLinkPage';
import { useRichText, useText } from '@/i18n/IntlContext';
import { apiFetch } from '@/lib/api';
import { sessionKeys } from '@/lib/session';
import { profileKeys } from '@/features/profile/shared/keys';

// Not in queries.ts with the other account calls: the landing's first script carries those (its
// sign-in form); this one only this page makes.
function verifyEmail(token: string) {
  return apiFetch<VerifyEmailResponse>('/api/auth/verify-email', {
    method: 'POST',
    body: { token },
  });
}

/**
 * The link in the welcome mail: confirming it proves the mailbox is the fan's, and takes back an
 * account someone else may have opened with the address before (server/auth/email-verification.ts).
 */
export function VerifyEmailPage() {
  const queryClient = useQueryClient();
  const t = useText();
  const rich = useRichText();
  return (
    <MailedLinkPage
      title={t('account.verifyTitle')}
      confirm={verifyEmail}
      onConfirmed={() => {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
        void queryClient.invalidateQueries({ queryKey: profileKeys.detail() });
      }}
      intro={t('auth.verify.intro')}
      button={{
        label: t('account.verifyAction'),
        pending: t('auth.verify.pending'),
        loading: t('auth.verify.loading'),
      }}
      invalid={{
        text: t('auth.verify.invalid'),
        hint: (
          <p>
            {rich('auth.verify.hint', { link: (chunks) => <Link to="/profile">{chunks}</Link> })}
          </p>
        ),
      }}
      failed={t('auth.verify.failed')}
      next={(answer) =>
        // The account was taken back to the mailbox (sessions ended, password gone): the owner
        // chooses a password now. A full load, so the reset page reads its token afresh.
        answer.choosePasswordPath ? (
          <p>
            <a className="button button--primary" href={answer.choosePasswordPath}>
              {t('auth.verify.choosePassword')}
            </a>
          </p>
        ) : (
          <p>
            <Link to="/myconcerts">{t('weekly.action')}</Link>
          </p>
        )
      }
    />
  );
}
