// A real SMTP server (smtp-server) that parses what it receives (mailparser): the mail peer of tests.
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually } from './eventually.js';
import { useForFile } from './lifecycle.js';
import { listenSmtp } from './smtp-server.js';

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** Waits until a mail to `to` (whose subject matches) arrives: the app may send in the background. */
  waitForMail(to: string, subject?: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  /** While down, every mail is refused with a 421 (temporary failure). */
  setDown(down: boolean): void;
  /**
   * Until the returned release is called, mails are received but not answered (no 250 yet), so a
   * sender that waits for the answer waits for the test. Released mails join `messages`.
   */
  hold(): () => void;
  /** Mails received while held and not answered yet. */
  heldCount(): number;
  close(): Promise<void>;
}

/** The addresses a mail was sent to, in lower case. */
export const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => v.address?.toLowerCase()),
  );

/** A header as it was sent (folded lines joined), or undefined. */
export const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, '');

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  let down = false;
  let gate: Promise<void> | undefined;
  let held = 0;
  const server = await listenSmtp((stream, _session, callback) => {
    if (down) {
      stream.resume();
      stream.on('end', () =>
        callback(Object.assign(new Error('Servicio no disponible'), { responseCode: 421 })),
      );
      return;
    }
    simpleParser(stream).then(
      async (mail) => {
        if (gate) {
          held += 1;
          await gate;
          held -= 1;
        }
        messages.push(mail);
        callback();
      },
      (error: Error) => callback(error),
    );
  });
  return {
    url: server.url,
    messages,
    waitForMail: (to, subject = /./, timeoutMs = 5000) =>
      eventually(() => {
        const found = messages.find(
          (mail) => recipients(mail).includes(to.toLowerCase()) && subject.test(mail.subject ?? ''),
        );
        if (!found) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        return found;
      }, timeoutMs),
    setDown(value) {
      down = value;
    },
    hold() {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
    heldCount: () => held,
    close: () => server.close(),
  };
}

/** This file's sink (helpers/lifecycle.ts), emptied and up again before each test. */
export function useSmtpSink(): SmtpSink {
  const sink = useForFile('The SMTP sink', startSmtpSink, (started) => started.close());
  beforeEach(() => {
    sink.messages.length = 0;
    sink.setDown(false);
  });
  return sink;
}
