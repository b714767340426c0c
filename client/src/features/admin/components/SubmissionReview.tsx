import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SubmissionDto } from '../../../../../common/submission-rules';
import { GENRES } from '../../../../../common/genres';
import { StatusRegion, type StatusMessage } from '../../../components/FormStatus';
import { TextField } from '../../../components/TextField';
import {
  approveSubmission,
  rejectSubmission,
  saveSubmission,
  type SubmissionEdit,
} from '../../submissions/api';
import { fetchVenues, failureText } from '../api';
import { adminKeys } from '../keys';
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
  const [draft, setDraft] = useState(() => draftOf(submission));
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const venues = useQuery({
    queryKey: adminKeys.venues(),
    queryFn: ({ signal }) => fetchVenues(signal),
    staleTime: 5 * 60_000,
  });
  const known = venues.data?.venues.find(
    (venue) => venue.known && venue.name.toLowerCase() === draft.venueName.trim().toLowerCase(),
  );
  const set = (name: TextKey) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
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
    mutationFn: (decision: 'approve' | 'reject') =>
      decision === 'approve'
        ? approveSubmission(submission.id)
        : rejectSubmission(submission.id, reason.trim()),
    onSuccess: (answer) => {
      onReviewed({ kind: answer.mailed ? 'success' : 'error', text: answer.message });
      void refresh();
    },
    onError: (error) =>
      setMessage({ kind: 'error', text: failureText('Error al revisar: ', error) }),
  });
  const busy = save.isPending || review.isPending;
  const field = (name: TextKey) => `${id}-${name}`;

  return (
    <article className="admin-submission" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {submission.bandName} · {submission.day} {submission.hour}
      </h3>
      <p className="admin-hint">
        Enviada el {new Date(submission.createdAt).toLocaleString('es-ES')} por {submission.email}
      </p>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className="admin-grid">
          <TextField
            id={field('bandName')}
            label="Banda"
            value={draft.bandName}
            onValueChange={set('bandName')}
          />
          <TextField
            id={field('email')}
            label="Email de contacto"
            type="email"
            value={draft.email}
            onValueChange={set('email')}
          />
          <TextField
            id={field('spotifyUrl')}
            label="Spotify"
            type="url"
            value={draft.spotifyUrl}
            onValueChange={set('spotifyUrl')}
          />
          <div className="form-field">
            <label htmlFor={field('genre')}>Género</label>
            <select
              id={field('genre')}
              className="text-input"
              value={draft.genre}
              onChange={(event) => set('genre')(event.target.value)}
            >
              {GENRES.map((genre) => (
                <option key={genre} value={genre}>
                  {genre}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id={field('day')}
            label="Día"
            type="date"
            value={draft.day}
            onValueChange={set('day')}
          />
          <TextField
            id={field('hour')}
            label="Hora"
            type="time"
            value={draft.hour}
            onValueChange={set('hour')}
          />
          <TextField
            id={field('price')}
            label="Precio (€)"
            type="number"
            min="0"
            step="0.01"
            value={draft.price}
            onValueChange={set('price')}
          />
          <TextField
            id={field('venueName')}
            label={known ? `Sala (conocida, ${known.town ?? 'sin municipio'})` : 'Sala (nueva)'}
            list={`${id}-venues`}
            autoComplete="off"
            value={draft.venueName}
            onValueChange={set('venueName')}
          >
            <datalist id={`${id}-venues`}>
              {venues.data?.venues
                .filter((venue) => venue.known)
                .map((venue) => (
                  <option key={venue.id} value={venue.name}>
                    {venue.town ?? ''}
                  </option>
                ))}
            </datalist>
          </TextField>
          {!known && (
            <TextField
              id={field('venueTown')}
              label="Municipio de la sala nueva"
              value={draft.venueTown}
              onValueChange={set('venueTown')}
            />
          )}
        </div>
        <div className="form-field">
          <label htmlFor={field('description')}>Texto</label>
          <textarea
            id={field('description')}
            className="text-input"
            rows={3}
            value={draft.description}
            onChange={(event) => set('description')(event.target.value)}
          />
        </div>
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
        <div className="form-field">
          <label htmlFor={`${id}-reason`}>Motivo del rechazo (se envía a la banda)</label>
          <textarea
            id={`${id}-reason`}
            className="text-input"
            rows={2}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--danger" disabled={busy}>
          Rechazar
        </button>
      </form>
      <StatusRegion message={message} />
    </article>
  );
}
