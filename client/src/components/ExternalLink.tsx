import type { ReactNode } from 'react';
import { useText } from '@/i18n/IntlContext';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link that opens in a new tab, and says so to screen readers. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  const t = useText();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{t('layout.externalLinkNote')}</span>
    </a>
  );
}
