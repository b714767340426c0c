// The mails to a band about its submission (Spanish, text and HTML). Subjects never carry what
// the submitter wrote, and the confirmation mail carries nothing of it at all: until the address
// is confirmed, its owner may not be the person who filled in the form.
import { layout } from '../mail/templates.js';
import type { OutgoingMail } from '../mail/mailer.js';

export const CONFIRMATION_HOURS = 48;

export function submissionConfirmationMail(to: string, confirmUrl: string): OutgoingMail {
  const lines = [
    'Alguien ha enviado un concierto a Conciertos Mallorca y ha dejado este email como contacto.',
    `Si has sido tú, confírmalo con el enlace de abajo en las próximas ${CONFIRMATION_HOURS} horas y lo revisaremos.`,
    'Si no has sido tú, ignora este correo: no volveremos a escribirte y la propuesta se borrará sola.',
  ];
  return {
    to,
    subject: 'Confirma el concierto que nos has enviado',
    text: `${lines.join('\n\n')}\n\nConfirmar el concierto: ${confirmUrl}\n`,
    html: layout('Confirma el concierto que nos has enviado', lines, {
      label: 'Confirmar el concierto',
      url: confirmUrl,
    }),
  };
}

export function submissionApprovedMail(
  to: string,
  bandName: string,
  day: string,
  concertUrl: string,
): OutgoingMail {
  const lines = [
    `¡Buenas noticias! Hemos publicado el concierto de ${bandName} del ${day} en Conciertos Mallorca.`,
    'Ya aparece en la agenda y se lo recomendaremos a los fans a quienes les encaje.',
    'Si algo no está bien, responde a este correo y lo corregimos.',
  ];
  return {
    to,
    subject: 'Tu concierto ya está publicado en Conciertos Mallorca',
    text: `${lines.join('\n\n')}\n\nVer el concierto: ${concertUrl}\n`,
    html: layout('Tu concierto ya está publicado', lines, {
      label: 'Ver el concierto',
      url: concertUrl,
    }),
  };
}

export function submissionRejectedMail(
  to: string,
  bandName: string,
  day: string,
  reason: string,
): OutgoingMail {
  const lines = [
    `Hemos revisado el concierto de ${bandName} del ${day} que nos enviaste y esta vez no lo vamos a publicar.`,
    `Motivo: ${reason}`,
    'Si puedes corregirlo, envíanoslo de nuevo desde «Publica tus conciertos». ¡Gracias por contar con nosotros!',
  ];
  return {
    to,
    subject: 'No hemos publicado tu concierto',
    text: `${lines.join('\n\n')}\n`,
    html: layout('No hemos publicado tu concierto', lines),
  };
}
