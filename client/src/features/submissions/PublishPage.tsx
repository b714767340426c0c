import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { UPLOAD_TYPES } from '@common/uploads/limits';
import type { MessageId } from '@common/i18n/catalogues';
import {
  HONEYPOT_FIELD,
  SUBMISSION_NAME_MAX,
  SUBMISSION_TEXT_MAX,
  SUBMISSION_TOWN_MAX,
  SUBMISSION_URL_MAX,
} from '@common/submissions/limits';
import { FormStatus, StatusRegion, type StatusMessage } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { TextField } from '@/components/TextField';
import { ConcertFieldset } from '@/components/concert-fields/ConcertFieldset';
import { useConcertDraft } from '@/components/concert-fields/useConcertDraft';
import { usePageTitle } from '@/components/usePageTitle';
import { useRichText, useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { imageFileProblem } from '@/lib/imageFile';
import { fetchSubmissionForm, sendSubmission, submissionKeys } from './queries';
import { submissionTexts, type SubmissionText } from './submissionDraft';
import './PublishPage.css';

/** An example of the address the Spotify field wants. */
const SPOTIFY_EXAMPLE = 'https://open.spotify.com/artist/...';

// The check runs zod, which weighs more than the rest of the page: it is fetched once the page
// has started, and a send waits for it. Should it never arrive, the server's answer still says why.
let checks: typeof import('./submissionCheck') | undefined;
const loadChecks = () =>
  import('./submissionCheck').then(
    (module) => (checks = module),
    () => undefined,
  );
void loadChecks();

const EMPTY: SubmissionText = {
  bandName: '',
  email: '',
  spotifyUrl: '',
  genre: '',
  day: '',
  hour: '',
  venue: '',
  venueTown: '',
  price: '',
  ticketUrl: '',
  description: '',
};

const LIMITS = {
  venue: SUBMISSION_NAME_MAX,
  venueTown: SUBMISSION_TOWN_MAX,
  description: SUBMISSION_TEXT_MAX,
};

/** /publica: a band proposes a concert without an account; an admin reviews it. */
export function PublishPage() {
  const t = useText();
  const rich = useRichText();
  const errorText = useErrorText();
  const title = t('bands.publish');
  usePageTitle(title);
  const id = useId();
  const [trap, setTrap] = useState('');
  const [imageProblem, setImageProblem] = useState<MessageId | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const form = useQuery({
    queryKey: submissionKeys.form(),
    queryFn: ({ signal }) => fetchSubmissionForm(signal),
    staleTime: Infinity,
  });
  // Checked by the API's own schema; the form is sent as typed (multipart, all text).
  const draft = useConcertDraft(id, EMPTY, form.data?.venues, (fields, venue) =>
    checks
      ? checks.checkPublished(fields, venue.known, form.data?.token ?? '')
      : { data: submissionTexts(fields, venue.known) },
  );
  const { bind, venue } = draft;
  const send = useMutation({
    mutationFn: sendSubmission,
    onSuccess: () => {
      draft.setFields(EMPTY);
      if (imageInput.current) imageInput.current.value = '';
      // A new form, a new token.
      void form.refetch();
    },
  });

  function pickImage() {
    const file = imageInput.current?.files?.[0];
    setImageProblem(file ? imageFileProblem(file) : null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.data || imageProblem) return;
    if (!checks) await loadChecks();
    const checked = draft.check();
    setProblem(checked.problem ? t(checked.problem[1]) : null);
    if (checked.problem) return;
    const body = new FormData();
    body.set('formToken', form.data.token);
    body.set(HONEYPOT_FIELD, trap);
    for (const [name, value] of Object.entries(checked.data)) body.set(name, value.trim());
    const file = imageInput.current?.files?.[0];
    if (file) body.set('image', file);
    send.mutate(body);
  }

  if (form.isPending) return <Loading />;
  if (form.isError) {
    return (
      <article className="page">
        <h1>{title}</h1>
        <FormStatus kind="error">{errorText(form.error, 'auth.unexpected')}</FormStatus>
      </article>
    );
  }

  const error = imageProblem
    ? t(imageProblem)
    : (problem ?? (send.isError ? errorText(send.error, 'auth.unexpected') : null));
  const message: StatusMessage | null = error
    ? { kind: 'error', text: error }
    : send.isSuccess
      ? { kind: 'success', text: send.data.message }
      : null;
  const fieldId = (name: string) => `${id}-${name}`;
  return (
    <article className="page publish-page">
      <h1>{title}</h1>
      <p>{t('publish.intro')}</p>
      <form noValidate className="publish-form" onSubmit={(event) => void handleSubmit(event)}>
        <fieldset className="fieldset">
          <legend>{t('publish.band')}</legend>
          <TextField
            {...bind('bandName')}
            label={t('filters.bandName')}
            required
            maxLength={SUBMISSION_NAME_MAX}
          />
          <TextField
            {...bind('email')}
            label={t('publish.email')}
            type="email"
            autoComplete="email"
            required
          />
          <TextField
            {...bind('spotifyUrl')}
            label={t('publish.spotify')}
            type="url"
            placeholder={SPOTIFY_EXAMPLE}
            maxLength={SUBMISSION_URL_MAX}
          />
        </fieldset>
        <ConcertFieldset
          draft={draft}
          legend={t('publish.concert')}
          limits={LIMITS}
          genrePlaceholder={t('form.genrePlaceholder')}
          venueHint={
            venue.known ? `${venue.known.name}, ${venue.known.town}.` : t('publish.venueHint')
          }
          descriptionLabel={t('publish.description')}
          image={
            <div className="form-field">
              <label htmlFor={fieldId('image')}>{t('publish.image')}</label>
              <input
                id={fieldId('image')}
                ref={imageInput}
                type="file"
                accept={UPLOAD_TYPES.join(',')}
                aria-invalid={imageProblem !== null || undefined}
                onChange={pickImage}
              />
            </div>
          }
        />
        {/* For bots only: people never see it; a form that fills it is refused. */}
        <div className="publish-form__trap" aria-hidden="true">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>{t('publish.trap')}</label>
          <input
            id={fieldId(HONEYPOT_FIELD)}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(event) => setTrap(event.target.value)}
          />
        </div>
        <p className="publish-form__hint">
          {rich('publish.terms', { link: (chunks) => <Link to="/terms">{chunks}</Link> })}
        </p>
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {t(send.isPending ? 'verify.sending' : 'publish.send')}
        </button>
        <StatusRegion message={message} />
      </form>
    </article>
  );
}
