// The account and change-notice mails, in the reader's language (Spanish unless told). Each returns
// subject, plain text and HTML, drawn by the one template.
import { DEFAULT_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { textsIn } from '../i18n/intl.js';
import { composeMail, type MailContent } from './mail-template.js';
import type { OutgoingMail } from './mailer.js';

/** A mail of a title, paragraphs and at most one button (or anything else the template draws). */
export function simpleMail(to: string, subject: string, content: MailContent): OutgoingMail {
  return composeMail(to, subject, content);
}

const VERIFY_LINES = [
  'Confirma que este email es tuyo con el enlace de abajo: hasta entonces no te enviaremos el email semanal. El enlace caduca en 48 horas.',
  'Si no has creado tú esta cuenta, no abras el enlace e ignora este correo.',
];

/**
 * The welcome mail. With `verifyUrl` (an address not verified yet) its button is the verification
 * link, and it says what to do when someone else used the address.
 */
export function welcomeMail(to: string, publicUrl: string, verifyUrl?: string): OutgoingMail {
  const concerts = {
    label: 'Ver mis conciertos',
    url: `${publicUrl}/myconcerts`,
    textLabel: 'Tus conciertos',
  };
  const lines = [
    '¡Gracias por unirte a Conciertos Mallorca!',
    'Cuéntanos qué géneros te gustan y cuáles no, y te diremos qué conciertos de la isla encajan contigo.',
    'Cada semana te enviaremos tus mejores planes. Puedes darte de baja cuando quieras.',
  ];
  if (verifyUrl) lines.push(...VERIFY_LINES);
  return simpleMail(to, 'Bienvenido a Conciertos Mallorca 🎶', {
    title: '¡Bienvenido a Conciertos Mallorca!',
    lines,
    ...(verifyUrl
      ? {
          action: { label: 'Verificar mi email', url: verifyUrl, textLabel: 'Verifica tu email' },
          links: [concerts],
        }
      : { action: concerts }),
  });
}

/** The verification link again, asked for from the profile. */
export function emailVerificationMail(to: string, verifyUrl: string): OutgoingMail {
  return simpleMail(to, 'Verifica tu email de Conciertos Mallorca', {
    title: 'Verifica tu email',
    lines: VERIFY_LINES,
    action: { label: 'Verificar mi email', url: verifyUrl, textLabel: 'Verifica tu email' },
  });
}

export function passwordResetMail(to: string, resetUrl: string): OutgoingMail {
  const lines = [
    'Hemos recibido una petición para restablecer la contraseña de tu cuenta.',
    'El enlace sirve una sola vez y caduca en 1 hora. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  ];
  return simpleMail(to, 'Restablece tu contraseña de Conciertos Mallorca', {
    title: 'Restablece tu contraseña',
    lines,
    action: {
      label: 'Cambiar contraseña',
      url: resetUrl,
      textLabel: 'Establece tu nueva contraseña',
    },
  });
}

/** One changed detail of a concert, as the fan reads it. */
export interface ConcertChangeLine {
  label: string;
  before: string;
  after: string;
}

/** A concert the fan liked changed (date, time, venue, price) or was cancelled: one mail per edit. */
export function concertChangeMail(
  to: string,
  concert: { title: string; when: string },
  change: { cancelled: boolean; lines: ConcertChangeLine[] },
  urls: { concerts: string; profile: string },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const t = textsIn(locale);
  const { title, when } = concert;
  const lines = change.cancelled
    ? [t('notice.cancelledLine', { title, when })]
    : [
        t('notice.changedLine', { title }),
        ...change.lines.map((line) => t('notice.line', { ...line })),
      ];
  const subject = change.cancelled
    ? t('notice.cancelledSubject', { title })
    : t('notice.changedSubject', { title });
  return simpleMail(to, subject, {
    locale,
    title: change.cancelled ? t('notice.cancelledTitle') : t('notice.changedTitle'),
    lines,
    action: { label: t('weekly.action'), url: urls.concerts, textLabel: t('reminder.actionText') },
    links: [{ label: t('notice.profile'), url: urls.profile, textLabel: t('weekly.profileText') }],
    footer: { reason: t('notice.reason') },
  });
}
