import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

interface StaticPageProps {
  title: string;
  /** Optional line under the title. */
  lead?: string;
  children: ReactNode;
}

/** Frame for text pages (about, privacy, terms, contact and the not-yet-available sections). */
export function StaticPage({ title, lead, children }: StaticPageProps) {
  usePageTitle(title);
  return (
    <article className="page static-page">
      <h1>{title}</h1>
      {lead && <p className="static-page__lead">{lead}</p>}
      {children}
    </article>
  );
}
