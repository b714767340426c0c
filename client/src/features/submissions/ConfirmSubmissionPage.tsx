import { Link } from 'react-router';
import { MailedLinkPage } from '@/components/MailedLinkPage';
import { confirmSubmission } from './api';

/** The link mailed to a submission's contact address: the concert joins the moderation queue. */
export function ConfirmSubmissionPage() {
  return (
    <MailedLinkPage
      title="Confirma tu concierto"
      confirm={confirmSubmission}
      intro="Confirma que nos has enviado tú este concierto para que lo revisemos."
      button={{
        label: 'Confirmar el concierto',
        pending: 'Confirmando...',
        loading: 'Confirmando tu concierto...',
      }}
      invalid={{
        text: 'El enlace no es válido o ha caducado. Envía el concierto de nuevo desde «Publica tus conciertos».',
        hint: (
          <p>
            <Link to="/publica">Publica tus conciertos</Link>
          </p>
        ),
      }}
      failed="No hemos podido confirmar tu concierto. Inténtalo de nuevo más tarde."
      next={
        <p>
          <Link to="/conciertos">Ver la agenda de conciertos</Link>
        </p>
      }
    />
  );
}
