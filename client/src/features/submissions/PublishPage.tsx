import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { UPLOAD_TYPES } from '../../../../common/admin-rules';
import {
  HONEYPOT_FIELD,
  SUBMISSION_NAME_MAX,
  SUBMISSION_TEXT_MAX,
  SUBMISSION_TOWN_MAX,
} from '../../../../common/submission-rules';
import { FormStatus, StatusRegion } from '../../components/FormStatus';
import { Loading } from '../../components/Loading';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import {
  DayField,
  GenreField,
  HourField,
  PriceField,
} from '../../components/concert-fields/ConcertFields';
import { VenueNameField } from '../../components/concert-fields/VenueNameField';
import { imageFileProblem } from '../../lib/imageFile';
import { useDraft } from '../../lib/useDraft';
import { usePageTitle } from '../../components/usePageTitle';
import { fetchSubmissionForm, sendSubmission, submissionKeys } from './api';
import './PublishPage.css';

const TITLE = 'Publica tus conciertos';

const EMPTY = {
  bandName: '',
  email: '',
  spotifyUrl: '',
  genre: '',
  day: '',
  hour: '',
  venueName: '',
  venueTown: '',
  price: '',
  description: '',
};

/** /publica: a band proposes a concert without an account; an admin reviews it. */
export function PublishPage() {
  usePageTitle(TITLE);
  const id = useId();
  const { fields, setFields, bind } = useDraft(id, EMPTY);
  const [trap, setTrap] = useState('');
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const form = useQuery({
    queryKey: submissionKeys.form(),
    queryFn: ({ signal }) => fetchSubmissionForm(signal),
    staleTime: Infinity,
  });
  const send = useMutation({
    mutationFn: sendSubmission,
    onSuccess: () => {
      setFields(EMPTY);
      if (imageInput.current) imageInput.current.value = '';
      // A new form, a new token.
      void form.refetch();
    },
  });

  const known = form.data?.venues.find(
    (venue) => venue.name.toLowerCase() === fields.venueName.trim().toLowerCase(),
  );

  function pickImage() {
    const file = imageInput.current?.files?.[0];
    setImageProblem(file ? imageFileProblem(file) : null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.data || imageProblem) return;
    const body = new FormData();
    body.set('formToken', form.data.token);
    body.set(HONEYPOT_FIELD, trap);
    for (const [name, value] of Object.entries(fields)) body.set(name, value.trim());
    if (known) {
      body.set('venueId', String(known.id));
      body.set('venueName', '');
      body.set('venueTown', '');
    }
    const file = imageInput.current?.files?.[0];
    if (file) body.set('image', file);
    send.mutate(body);
  }

  if (form.isPending) return <Loading />;
  if (form.isError) {
    return (
      <article className="page">
        <h1>{TITLE}</h1>
        <FormStatus kind="error">{form.error.message}</FormStatus>
      </article>
    );
  }

  const fieldId = (name: string) => `${id}-${name}`;
  return (
    <article className="page publish-page">
      <h1>{TITLE}</h1>
      <p>
        ¿Tocas en Mallorca? Cuéntanos tu concierto y, en cuanto lo revisemos, aparecerá en la
        agenda. No hace falta cuenta: te escribiremos al email que nos dejes.
      </p>
      <form className="publish-form" onSubmit={handleSubmit}>
        <fieldset className="fieldset">
          <legend>La banda</legend>
          <TextField
            {...bind('bandName')}
            label="Nombre de la banda"
            required
            maxLength={SUBMISSION_NAME_MAX}
          />
          <TextField
            {...bind('email')}
            label="Email de contacto"
            type="email"
            autoComplete="email"
            required
          />
          <TextField
            {...bind('spotifyUrl')}
            label="Enlace de Spotify (opcional)"
            type="url"
            placeholder="https://open.spotify.com/artist/..."
          />
          <GenreField {...bind('genre')} required placeholder="Elige un género" />
        </fieldset>
        <fieldset className="fieldset">
          <legend>El concierto</legend>
          <div className="publish-form__row">
            <DayField {...bind('day')} required />
            <HourField {...bind('hour')} required />
            <PriceField {...bind('price')} inputMode="decimal" required />
          </div>
          <VenueNameField
            {...bind('venueName')}
            label="Sala"
            listId={fieldId('venues')}
            venues={form.data.venues}
            required
            maxLength={SUBMISSION_NAME_MAX}
            aria-describedby={fieldId('venue-hint')}
          >
            <small id={fieldId('venue-hint')} className="publish-form__hint">
              {known
                ? `${known.name}, ${known.town}.`
                : 'Elige una sala de la lista o escribe el nombre de una nueva.'}
            </small>
          </VenueNameField>
          {!known && fields.venueName.trim() !== '' && (
            <TextField
              {...bind('venueTown')}
              label="Municipio de la sala nueva"
              required
              maxLength={SUBMISSION_TOWN_MAX}
            />
          )}
          <TextAreaField
            {...bind('description')}
            label="Cuéntanos el concierto (opcional)"
            rows={4}
            maxLength={SUBMISSION_TEXT_MAX}
          />
          <div className="form-field">
            <label htmlFor={fieldId('image')}>
              Cartel o foto (opcional: JPEG, PNG o WebP, hasta 5 MB)
            </label>
            <input
              id={fieldId('image')}
              ref={imageInput}
              type="file"
              accept={UPLOAD_TYPES.join(',')}
              aria-invalid={imageProblem !== null || undefined}
              onChange={pickImage}
            />
          </div>
        </fieldset>
        {/* For bots only: people never see it; a form that fills it is refused. */}
        <div className="publish-form__trap" aria-hidden="true">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>No rellenes este campo</label>
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
          Al enviarlo aceptas los <Link to="/terms">términos</Link> de publicación.
        </p>
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? 'Enviando...' : 'Enviar concierto'}
        </button>
        <StatusRegion
          message={
            imageProblem
              ? { kind: 'error', text: imageProblem }
              : send.isError
                ? { kind: 'error', text: send.error.message }
                : send.isSuccess
                  ? { kind: 'success', text: send.data.message }
                  : null
          }
        />
      </form>
    </article>
  );
}
