// The mails to a band about its submission, and to the admins when one joins the moderation
// queue. Subjects never carry what the submitter wrote, and the confirmation mail carries nothing
// of it at all: until the address is confirmed, its owner may not be the person who filled in the
// form.
import type { OutgoingMail } from '../mail/mailer.js';
import { simpleMail } from '../mail/templates.js';

export const CONFIRMATION_HOURS = 48;

export function submissionConfirmationMail(to: string, confirmUrl: string): OutgoingMail {
  const title = 'Confirma el concierto que nos has enviado';
  return simpleMail(to, title, {
    title,
    lines: [
      'Alguien ha enviado un concierto a Conciertos Mallorca y ha dejado este email como contacto.',
      `Si has sido tú, confírmalo con el enlace de abajo en las próximas ${CONFIRMATION_HOURS} horas y lo revisaremos.`,
      'Si no has sido tú, ignora este correo: no volveremos a escribirte y la propuesta se borrará sola.',
    ],
    action: { label: 'Confirmar el concierto', url: confirmUrl },
  });
}

/** What a review mail says about the submission. */
interface Reviewed {
  bandName: string;
  day: string;
}

export function submissionApprovedMail(
  to: string,
  { bandName, day }: Reviewed,
  concertUrl: string,
): OutgoingMail {
  return simpleMail(to, 'Tu concierto ya está publicado en Conciertos Mallorca', {
    title: 'Tu concierto ya está publicado',
    lines: [
      `¡Buenas noticias! Hemos publicado el concierto de ${bandName} del ${day} en Conciertos Mallorca.`,
      'Ya aparece en la agenda y se lo recomendaremos a los fans a quienes les encaje.',
      'Si algo no está bien, responde a este correo y lo corregimos.',
    ],
    action: { label: 'Ver el concierto', url: concertUrl },
  });
}

export function submissionRejectedMail(
  to: string,
  { bandName, day }: Reviewed,
  reason: string,
): OutgoingMail {
  const title = 'No hemos publicado tu concierto';
  return simpleMail(to, title, {
    title,
    lines: [
      `Hemos revisado el concierto de ${bandName} del ${day} que nos enviaste y esta vez no lo vamos a publicar.`,
      `Motivo: ${reason}`,
      'Si puedes corregirlo, envíanoslo de nuevo desde «Publica tus conciertos». ¡Gracias por contar con nosotros!',
    ],
  });
}

/** What the admins' mail says about a submission just confirmed (plain text, escaped by the template). */
interface ToReview extends Reviewed {
  venueName: string;
}

export const MODERATION_MAIL_SUBJECT = 'Hay un concierto nuevo por revisar';

export function submissionToReviewMail(
  to: string,
  { bandName, day, venueName }: ToReview,
  reviewUrl: string,
): OutgoingMail {
  return simpleMail(to, MODERATION_MAIL_SUBJECT, {
    title: MODERATION_MAIL_SUBJECT,
    lines: [
      'Alguien ha enviado un concierto desde «Publica tus conciertos» y ha confirmado su email.',
      `Grupo: ${bandName}. Fecha: ${day}. Sala: ${venueName}.`,
      'No aparecerá en la agenda hasta que un administrador lo apruebe.',
    ],
    action: { label: 'Revisar la propuesta', url: reviewUrl },
  });
}
