import { Link } from 'react-router';
import { MailedLinkPage } from '@/components/MailedLinkPage';
import { useText } from '@/i18n/IntlContext';
import { confirmSubmission } from './queries';

/** The link mailed to a submission's contact address: the concert joins the moderation queue. */
export function ConfirmSubmissionPage() {
  const t = useText();
  return (
    <MailedLinkPage
      title={t('publish.confirm.title')}
      confirm={confirmSubmission}
      intro={t('publish.confirm.intro')}
      button={{
        label: t('publish.confirm.action'),
        pending: t('publish.confirm.pending'),
        loading: t('publish.confirm.loading'),
      }}
      invalid={{
        text: t('publish.confirm.invalid'),
        hint: (
          <p>
            <Link to="/publica">{t('bands.publish')}</Link>
          </p>
        ),
      }}
      failed={t('publish.confirm.failed')}
      next={
        <p>
          <Link to="/conciertos">{t('publish.confirm.agenda')}</Link>
        </p>
      }
    />
  );
}
