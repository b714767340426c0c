// 'Tu calendario' in the profile: the fan's private feed (concerts liked or gone to and, if
// chosen, every 🔥🔥🔥 match) to subscribe to from any calendar app, and the public feeds. The private link is
// shown only right after it is made: the server keeps only its hash.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  genreFeedPath,
  publicFeedPath,
  webcalUrl,
  type CalendarFeedDto,
  type CalendarFeedLinkDto,
} from '@common/calendar';
import { isGenre } from '@common/genres';
import { FormStatus, StatusRegion, type StatusMessage } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { ApiError } from '@/lib/api';
import {
  calendarKeys,
  makeCalendarFeedLink,
  revokeCalendarFeedLink,
  setIncludeExtreme,
  useCalendarFeed,
} from './queries';
import './CalendarFeedSection.css';

const dateFormat = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'long',
  timeZone: 'Europe/Madrid',
});

const messageOf = (caught: unknown) =>
  caught instanceof ApiError ? caught.message : 'Ha ocurrido un error inesperado.';

const googleSubscribeUrl = (feedUrl: string) =>
  `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;

function NewLink({ link }: { link: CalendarFeedLinkDto }) {
  const id = useId();
  const [copied, setCopied] = useState<StatusMessage | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.feedUrl);
      setCopied({ kind: 'success', text: 'Enlace copiado.' });
    } catch {
      setCopied({ kind: 'error', text: 'No se pudo copiar: selecciona el enlace y cópialo.' });
    }
  }
  return (
    <div className="calendar-link">
      <div className="form-field">
        <label htmlFor={id}>Enlace de tu calendario</label>
        <input
          id={id}
          className="text-input"
          readOnly
          value={link.feedUrl}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <p className="profile-hint">
        Guárdalo ahora: por seguridad no volveremos a mostrarlo. Es personal: quien lo tenga verá
        tus conciertos.
      </p>
      <ul className="calendar-link__options">
        <li>
          <a href={link.webcalUrl}>Suscribirme con mi app de calendario</a>
        </li>
        <li>
          <a href={googleSubscribeUrl(link.feedUrl)} target="_blank" rel="noopener noreferrer">
            Suscribirme en Google Calendar
          </a>
        </li>
        <li>
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            Copiar enlace
          </button>
        </li>
      </ul>
      <StatusRegion message={copied} />
    </div>
  );
}

function PublicFeeds({ genres }: { genres: string[] }) {
  const origin = window.location.origin;
  const liked = genres.filter(isGenre);
  return (
    <>
      <h3>Calendarios públicos</h3>
      <ul className="calendar-public">
        <li>
          Todos los conciertos:{' '}
          <a href={webcalUrl(`${origin}${publicFeedPath('ics')}`)}>calendario</a> ·{' '}
          <a href={publicFeedPath('rss')}>RSS</a>
        </li>
        {liked.map((genre) => (
          <li key={genre}>
            {genre}:{' '}
            <a href={webcalUrl(`${origin}${genreFeedPath(genre, 'ics')}`)}>calendario de {genre}</a>{' '}
            · <a href={genreFeedPath(genre, 'rss')}>RSS de {genre}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

export function CalendarFeedSection({ genres }: { genres: string[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useCalendarFeed();
  const [link, setLink] = useState<CalendarFeedLinkDto | null>(null);
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const [error, setError] = useState('');

  const saved = (feed: CalendarFeedDto) => queryClient.setQueryData(calendarKeys.feed(), feed);
  const failed = (prefix: string) => (caught: unknown) => {
    setMessage(null);
    setError(`${prefix}: ${messageOf(caught)}`);
  };
  const started = () => {
    setError('');
    setMessage(null);
  };

  const create = useMutation({
    mutationFn: makeCalendarFeedLink,
    onMutate: started,
    onSuccess: (created) => {
      saved(created);
      setLink(created);
      setMessage({
        kind: 'success',
        text: 'Enlace creado. Los enlaces anteriores ya no funcionan.',
      });
    },
    onError: failed('No se pudo crear el enlace'),
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeedLink,
    onMutate: started,
    onSuccess: () => {
      setLink(null);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.feed() });
      setMessage({ kind: 'success', text: 'Enlace revocado: ya nadie puede ver tu calendario.' });
    },
    onError: failed('No se pudo revocar el enlace'),
  });
  const extreme = useMutation({
    mutationFn: setIncludeExtreme,
    onMutate: started,
    onSuccess: (feed) => {
      saved(feed);
      setMessage({ kind: 'success', text: 'Preferencia guardada.' });
    },
    onError: failed('No se pudo guardar la preferencia'),
  });
  const busy = create.isPending || revoke.isPending || extreme.isPending;
  // The link just made, while it is still the fan's one (a password change revokes it).
  const shown = link && data?.active && data.createdAt === link.createdAt ? link : null;

  return (
    <section
      className="profile-section calendar-feed"
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
    >
      <h2 id={`${id}-title`}>Tu calendario</h2>
      <p>
        Suscríbete desde tu app de calendario (Google Calendar, Apple, Outlook…) y verás en ella los
        conciertos que te gustan y a los que vas, siempre al día.
      </p>
      {isPending ? (
        <Loading className="profile-loading">Cargando tu calendario...</Loading>
      ) : isError ? (
        <FormStatus kind="error">No se pudo cargar tu calendario.</FormStatus>
      ) : (
        <>
          <div className="calendar-feed__option">
            <input
              id={`${id}-extreme`}
              type="checkbox"
              checked={extreme.isPending ? extreme.variables : data.includeExtreme}
              disabled={busy}
              onChange={(event) => extreme.mutate(event.target.checked)}
            />
            <label htmlFor={`${id}-extreme`}>
              Añadir también todos mis conciertos 🔥🔥🔥 (los que más encajan conmigo)
            </label>
          </div>
          {shown ? (
            <NewLink link={shown} />
          ) : data.active && data.createdAt ? (
            <p>
              Tienes un enlace activo, creado el {dateFormat.format(new Date(data.createdAt))}. Si
              lo has perdido, crea uno nuevo.
            </p>
          ) : (
            <p className="profile-empty">Aún no tienes un enlace para tu calendario.</p>
          )}
          {data.active && (
            <p className="profile-hint">
              Si cambias la contraseña o cierras las demás sesiones, este enlace deja de funcionar y
              tendrás que crear uno nuevo.
            </p>
          )}
          <div className="profile-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => create.mutate()}
            >
              {data.active ? 'Crear un enlace nuevo' : 'Crear enlace del calendario'}
            </button>
            {data.active && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => revoke.mutate()}
              >
                Revocar enlace
              </button>
            )}
          </div>
        </>
      )}
      <StatusRegion message={message} />
      {error && <FormStatus kind="error">{error}</FormStatus>}
      <PublicFeeds genres={genres} />
    </section>
  );
}
