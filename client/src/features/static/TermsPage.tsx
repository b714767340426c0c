import { Fragment } from 'react';
import { Link } from 'react-router';
import { StaticPage } from '@/components/StaticPage';
import { useRichText, useText } from '@/i18n/IntlContext';
import { contactMailLink } from './mailLink';

const ACCOUNT_RULES = [
  'terms.account.true',
  'terms.account.password',
  'terms.account.delete',
] as const;
/** The sections that are one paragraph of plain text: their title and body. */
const SECTIONS = ['concerts', 'recommendations', 'use', 'publish', 'changes'] as const;

export function TermsPage() {
  const t = useText();
  const rich = useRichText();
  return (
    <StaticPage title={t('terms.title')} lead={t('terms.lead')}>
      <h2>{t('terms.service.title')}</h2>
      <p>
        {rich('terms.service.body', {
          link: (chunks) => <Link to="/privacy">{chunks}</Link>,
        })}
      </p>

      <h2>{t('terms.account.title')}</h2>
      <ul>
        {ACCOUNT_RULES.map((id) => (
          <li key={id}>{t(id)}</li>
        ))}
      </ul>

      {SECTIONS.map((section) => (
        <Fragment key={section}>
          <h2>{t(`terms.${section}.title`)}</h2>
          <p>{t(`terms.${section}.body`)}</p>
        </Fragment>
      ))}

      <h2>{t('terms.law.title')}</h2>
      <p>{rich('terms.law.body', { email: contactMailLink })}</p>
    </StaticPage>
  );
}
