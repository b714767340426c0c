import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SubmissionDto } from '../../../../../common/submission-rules';
import { StatusRegion, type StatusMessage } from '../../../components/FormStatus';
import { TextAreaField } from '../../../components/TextAreaField';
import { TextField } from '../../../components/TextField';
import {
  DayField,
  GenreField,
  HourField,
  PriceField,
} from '../../../components/concert-fields/ConcertFields';
import { VenueNameField } from '../../../components/concert-fields/VenueNameField';
import { useDraft } from '../../../lib/useDraft';
import {
  approveSubmission,
  markSubmissionAsSpam,
  rejectSubmission,
  saveSubmission,
  type SubmissionEdit,
} from '../../submissions/api';
import { failureText } from '../api';
import { adminKeys } from '../keys';
import { useVenues } from '../useVenues';
import { knownVenue } from '../venues';
import { ImageField } from './ImageField';

type TextKey = Exclude<keyof SubmissionEdit, 'venueId'>;

const draftOf = (submission: SubmissionDto): Record<TextKey, string> => ({
  bandName: submission.bandName,
  email: submission.email,
  spotifyUrl: submission.spotifyUrl ?? '',
  genre: submission.genre,
  day: submission.day,
  hour: submission.hour,
  venueName: submission.venueName,
  venueTown: submission.venueTown ?? '',
  price: submission.price,
  description: submission.description ?? '',
  imageUrl: submission.imageUrl ?? '',
});

/** One pending submission: correct its fields, then approve it or reject it with a reason. */
export function SubmissionReview({
  submission,
  onReviewed,
}: {
  submission: SubmissionDto;
  onReviewed: (message: StatusMessage) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const { fields: draft, set, bind } = useDraft(id, () => draftOf(submission));
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const venues = useVenues();
  // Case and accents aside: the rule the approval applies (findVenueByName on the server).
  const known = knownVenue(venues, draft.venueName);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const save = useMutation({
    mutationFn: () =>
      saveSubmission(submission.id, {
        ...draft,
        spotifyUrl: draft.spotifyUrl || null,
        venueId: known ? known.id : null,
        venueTown: draft.venueTown || null,
        description: draft.description || null,
        imageUrl: draft.imageUrl || null,
      }),
    onSuccess: () => setMessage({ kind: 'success', text: 'Cambios guardados.' }),
    onError: (error) =>
      setMessage({ kind: 'error', text: failureText('Error al guardar: ', error) }),
  });
  const review = useMutation({
    mutationFn: (decision: 'approve' | 'reject' | 'spam') =>
      decision === 'approve'
        ? approveSubmission(submission.id)
        : decision === 'reject'
          ? rejectSubmission(submission.id, reason.trim())
          : markSubmissionAsSpam(submission.id),
    onSuccess: (answer) => {
      onReviewed({ kind: answer.mail === 'failed' ? 'error' : 'success', text: answer.message });
      void refresh();
    },
    onError: (error) =>
      setMessage({ kind: 'error', text: failureText('Error al revisar: ', error) }),
  });
  const busy = save.isPending || review.isPending;

  return (
    <article className="admin-submission" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {submission.bandName} · {submission.day} {submission.hour}
      </h3>
      <p className="admin-hint">
        Enviada el {new Date(submission.createdAt).toLocaleString('es-ES')} por {submission.email}
      </p>
      {!submission.emailConfirmed && (
        <p className="admin-hint">
          Nadie ha confirmado este email: al aprobarla o rechazarla no se le escribirá.
        </p>
      )}
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className="admin-grid">
          <TextField {...bind('bandName')} label="Banda" />
          <TextField {...bind('email')} label="Email de contacto" type="email" />
          <TextField {...bind('spotifyUrl')} label="Spotify" type="url" />
          <GenreField {...bind('genre')} />
          <DayField {...bind('day')} />
          <HourField {...bind('hour')} />
          <PriceField {...bind('price')} label="Precio (€)" />
          <VenueNameField
            {...bind('venueName')}
            label={known ? `Sala (conocida, ${known.town ?? 'sin municipio'})` : 'Sala (nueva)'}
            listId={`${id}-venues`}
            venues={venues?.filter((venue) => venue.known)}
          />
          {!known && <TextField {...bind('venueTown')} label="Municipio de la sala nueva" />}
        </div>
        <TextAreaField {...bind('description')} label="Texto" rows={3} />
        <ImageField url={draft.imageUrl} onUrlChange={set('imageUrl')} />
        <div className="admin-buttons">
          <button type="submit" className="button button--secondary" disabled={busy}>
            Guardar cambios
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => review.mutate('approve')}
          >
            Aprobar
          </button>
        </div>
      </form>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          review.mutate('reject');
        }}
      >
        <TextAreaField
          id={`${id}-reason`}
          label="Motivo del rechazo (se envía a la banda)"
          rows={2}
          required
          value={reason}
          onValueChange={setReason}
        />
        <div className="admin-buttons">
          <button type="submit" className="button button--danger" disabled={busy}>
            Rechazar
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => review.mutate('spam')}
          >
            Es spam (rechazar sin avisar)
          </button>
        </div>
      </form>
      <StatusRegion message={message} />
    </article>
  );
}
