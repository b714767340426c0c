// The mails to a band after its submission is reviewed (Spanish, text and HTML).
import { layout } from '../mail/templates.js';
import type { OutgoingMail } from '../mail/mailer.js';

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
    subject: `Tu concierto ya está publicado: ${bandName}`,
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
    subject: `No hemos publicado tu concierto: ${bandName}`,
    text: `${lines.join('\n\n')}\n`,
    html: layout('No hemos publicado tu concierto', lines),
  };
}
