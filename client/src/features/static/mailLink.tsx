import type { ReactNode } from 'react';
import { CONTACT_EMAIL } from './contact';

/** Our address as a mail link, for the `{email}` of the pages' texts. */
export const contactMailLink = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;

/** `<b>…</b>` in the pages' texts: the words stressed. */
export const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
