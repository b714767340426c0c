import { BandsFormLink } from '@/components/BandsFormLink';
import { StaticPage } from '@/components/StaticPage';
import { useRichText, useText } from '@/i18n/IntlContext';
import { contactMailLink } from './mailLink';

export function ContactPage() {
  const t = useText();
  const rich = useRichText();
  return (
    <StaticPage title={t('contact.title')} lead={t('contact.lead')}>
      <h2>{t('contact.write.title')}</h2>
      <p>{rich('contact.write.body', { email: contactMailLink })}</p>

      <h2>{t('contact.bands.title')}</h2>
      <p>{t('contact.bands.body')}</p>
      <p>
        <BandsFormLink className="button button--primary" />
      </p>
    </StaticPage>
  );
}
