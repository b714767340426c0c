// The one mail module: every mail (welcome, recovery, weekly) goes through sendMail().
// With SMTP_URL it talks SMTP (pooled); without, it writes .eml files to DATA_DIR/outbox.
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config/config.js';
import type { Logger } from '../lib/logger.js';
import { privateDir, writePrivateFile } from '../lib/private-files.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function outboxMailer(outboxDir: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      // Reset and verification links are in there: only the app's user may read them.
      privateDir(outboxDir);
      const file = path.join(
        outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      writePrivateFile(file, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, file },
        'Correo guardado en la bandeja de salida (sin SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}

function smtpMailer(transport: Transporter, from: string): Mailer {
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

export function createMailer(config: Config, log: Logger): Mailer {
  if (!config.mail.smtpUrl) return outboxMailer(config.mail.outboxDir, config.mail.from, log);
  const url = new URL(config.mail.smtpUrl);
  url.searchParams.set('pool', 'true');
  return smtpMailer(nodemailer.createTransport(url.toString()), config.mail.from);
}
