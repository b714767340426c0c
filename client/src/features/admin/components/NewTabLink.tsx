// A link out of the panel (a source's address, an event's page) that opens in a new tab and says
// so. @/components/ExternalLink does the same, but the footer imports it: imported from the
// admin's chunk too, the build splits it (and the text hooks) out of the landing's entry into a
// file of its own, one more request and 0.2 KB more for every first visit (npm run bench --
// landing-bundle).
import type { ReactNode } from 'react';
import { useText } from '@/i18n/IntlContext';

export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useText();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{t('layout.externalLinkNote')}</span>
    </a>
  );
}
