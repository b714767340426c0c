import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useText } from '@/i18n/IntlContext';
import { useAppConfig } from '@/lib/config';
import { ExternalLink } from './ExternalLink';

/** 'Publica tus conciertos': our own form, or the external one BANDS_FORM_URL names. */
export function BandsFormLink({
  className,
  children,
}: {
  className?: string;
  children?: ReactNode;
}) {
  const { bandsFormUrl } = useAppConfig();
  const t = useText();
  children ??= t('bands.publish');
  if (bandsFormUrl) {
    return (
      <ExternalLink href={bandsFormUrl} className={className}>
        {children}
      </ExternalLink>
    );
  }
  return (
    <Link to="/publica" className={className}>
      {children}
    </Link>
  );
}
