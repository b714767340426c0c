import { Link } from 'react-router';
import { StaticPage } from '@/components/StaticPage';
import { useRichText, useText } from '@/i18n/IntlContext';

const STEPS = ['about.how.1', 'about.how.2', 'about.how.3', 'about.how.4', 'about.how.5'] as const;

export function AboutPage() {
  const t = useText();
  const rich = useRichText();
  return (
    <StaticPage title={t('about.title')} lead={t('about.lead')}>
      <h2>{t('about.what.title')}</h2>
      <p>{t('about.what.body')}</p>

      <h2>{t('about.how.title')}</h2>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>

      <h2>{t('about.bands.title')}</h2>
      <p>{t('about.bands.body')}</p>

      <h2>{t('about.talk.title')}</h2>
      <p>
        {rich('about.talk.body', {
          link: (chunks) => <Link to="/contact">{chunks}</Link>,
        })}
      </p>
    </StaticPage>
  );
}
