// The e2e server has no SMTP: its mails are .eml files in DATA_DIR/outbox (start-server.mjs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from './users';

/** Read when asked: helpers/users.ts imports this file too. */
const outboxDir = () => path.join(E2E_DATA_DIR, 'outbox');

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Base64 body parts decoded too, whichever encoding the mailer picked. */
function readableMail(raw: string): string {
  const base64Blocks = raw.match(/(?:^[A-Za-z0-9+/=]{20,}\r?\n)+/gm) ?? [];
  const decoded = base64Blocks.map((block) =>
    Buffer.from(block.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [decodeQuotedPrintable(raw), ...decoded].join('\n');
}

/** Every mail written to `email` (and with that `subject`, if given), readable, newest first. */
function mailsTo(email: string, subject?: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => path.join(outboxDir(), file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((file) => readableMail(readFileSync(file, 'utf8')))
    .filter((mail) =>
      new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm').test(mail),
    )
    .filter((mail) => subject === undefined || mail.includes(`Subject: ${subject}`));
}

/** The newest mail to `email`, readable. */
export const newestMailTo = (email: string, subject?: string): string | undefined =>
  mailsTo(email, subject)[0];

/**
 * The newest link to `page` (e.g. '/update-password') mailed to `email`, optionally only in mails
 * with that `subject`, as a path on the test server. The token rides in the fragment, which
 * browsers never send to a server.
 */
export function findMailedLink(email: string, page: string, subject?: string): string | null {
  const linkPattern = new RegExp(`${page}#token=([A-Za-z0-9_%.~-]+)`);
  for (const mail of mailsTo(email, subject)) {
    const match = linkPattern.exec(mail);
    if (match) return `${page}#token=${match[1]}`;
  }
  return null;
}
