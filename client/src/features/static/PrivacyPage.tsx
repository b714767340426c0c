import { StaticPage } from '@/components/StaticPage';
import { useRichText, useText } from '@/i18n/IntlContext';
import { bold, contactMailLink } from './mailLink';

const DATA = [
  'privacy.data.account',
  'privacy.data.taste',
  'privacy.data.activity',
  'privacy.data.recommendations',
  'privacy.data.weekly',
  'privacy.data.language',
] as const;
const USES = ['privacy.use.account', 'privacy.use.recommendations', 'privacy.use.mail'] as const;

export function PrivacyPage() {
  const t = useText();
  const rich = useRichText();
  return (
    <StaticPage title={t('privacy.title')} lead={t('privacy.lead')}>
      <h2>{t('privacy.who.title')}</h2>
      <p>{rich('privacy.who.body', { email: contactMailLink })}</p>

      <h2>{t('privacy.data.title')}</h2>
      <ul>
        {DATA.map((id) => (
          <li key={id}>{rich(id, { b: bold })}</li>
        ))}
      </ul>

      <h2>{t('privacy.use.title')}</h2>
      <ul>
        {USES.map((id) => (
          <li key={id}>{t(id)}</li>
        ))}
      </ul>
      <p>{t('privacy.use.basis')}</p>

      <h2>{t('privacy.cookies.title')}</h2>
      <p>{t('privacy.cookies.body')}</p>

      <h2>{t('privacy.sharing.title')}</h2>
      <p>{rich('privacy.sharing.body', { b: bold })}</p>

      <h2>{t('privacy.keeping.title')}</h2>
      <p>{t('privacy.keeping.body')}</p>

      <h2>{t('privacy.rights.title')}</h2>
      <p>{rich('privacy.rights.body', { email: contactMailLink })}</p>
    </StaticPage>
  );
}
