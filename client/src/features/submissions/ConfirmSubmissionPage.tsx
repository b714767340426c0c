import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FormStatus } from '../../components/FormStatus';
import { Loading } from '../../components/Loading';
import { StaticPage } from '../../components/StaticPage';
import { ApiError } from '../../lib/api';
import { useFragmentToken } from '../../lib/useFragmentToken';
import { confirmSubmission } from './api';

const TITLE = 'Confirma tu concierto';
const INVALID =
  'El enlace no es válido o ha caducado. Envía el concierto de nuevo desde «Publica tus conciertos».';
const FAILED = 'No hemos podido confirmar tu concierto. Inténtalo de nuevo más tarde.';

function SendAgainLink() {
  return (
    <p>
      <Link to="/publica">Publica tus conciertos</Link>
    </p>
  );
}

/**
 * The link in the mail sent to a submission's contact address. Opening it does nothing by itself
 * (mail scanners open links): the person confirms with a button.
 */
export function ConfirmSubmissionPage() {
  const token = useFragmentToken();
  const mutation = useMutation({ mutationFn: confirmSubmission });

  if (token === undefined) return <Loading />;
  if (!token) {
    return (
      <StaticPage title={TITLE}>
        <FormStatus kind="error">{INVALID}</FormStatus>
        <SendAgainLink />
      </StaticPage>
    );
  }
  if (mutation.isSuccess) {
    return (
      <StaticPage title={TITLE}>
        <FormStatus kind="success">{mutation.data.message}</FormStatus>
        <p>
          <Link to="/conciertos">Ver la agenda de conciertos</Link>
        </p>
      </StaticPage>
    );
  }

  const error = mutation.error;
  // A used-up, expired or unknown link cannot work on a second try: no button then.
  const invalid = error instanceof ApiError && error.status === 400;
  const message = error instanceof ApiError && error.status === 429 ? error.message : FAILED;
  return (
    <StaticPage title={TITLE}>
      {!invalid && (
        <>
          <p>Confirma que nos has enviado tú este concierto para que lo revisemos.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(token)}
          >
            {mutation.isPending ? 'Confirmando...' : 'Confirmar el concierto'}
          </button>
        </>
      )}
      {mutation.isPending && <Loading>Confirmando tu concierto...</Loading>}
      {error && (
        <>
          <FormStatus kind="error">{invalid ? INVALID : message}</FormStatus>
          {invalid && <SendAgainLink />}
        </>
      )}
    </StaticPage>
  );
}
