// One imported event waiting for an admin: what its source said, why it waits, and the approval
// that fills in what it lacks (hour, venue of the list or a new one, genre, price) and publishes
// it, or its rejection (never imported again).
import { useId, type ReactNode } from 'react';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { ADMIN_NAME_MAX } from '@common/admin/limits';
import type { WaitingApproveInput } from '@common/sources/schemas';
import type { ImportedEventDto, WaitingEventDto } from '@common/sources/types';
import { StatusRegion } from '@/components/FormStatus';
import { NewTabLink } from './NewTabLink';
import { GenreField } from '@/components/concert-fields/ConcertFieldset';
import { TextField } from '@/components/TextField';
import { genreName } from '@/i18n/genreName';
import { useText } from '@/i18n/IntlContext';
import { useAdminFormats } from '../shared/format';
import { approveWaiting, rejectWaiting } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { latestMessage, useAdminMutation } from '../shared/useAdminMutation';
import { useVenueDraft } from '../shared/useVenueDraft';
import { checkApproval, type ApprovalText } from '../shared/validation';

const REASONS: Record<WaitingEventDto['reason'], AdminMessageId> = {
  review: 'admin.waiting.reason.review',
  'no-hour': 'admin.waiting.reason.no-hour',
  'unknown-venue': 'admin.waiting.reason.unknown-venue',
  'no-genre': 'admin.waiting.reason.no-genre',
};

const STATUSES: Partial<Record<ImportedEventDto['status'], AdminMessageId>> = {
  cancelled: 'admin.waiting.status.cancelled',
  postponed: 'admin.waiting.status.postponed',
  rescheduled: 'admin.waiting.status.rescheduled',
};

/** What the admin approved: the server's message and the concert it became. */
export interface Approved {
  message: string;
  concertId: number;
}

const draftOf = (item: WaitingEventDto): ApprovalText => ({
  hour: item.event.hour ?? '',
  venue: item.venue?.name ?? '',
  venueTown: '',
  genre: item.genre ?? '',
  price: item.event.price ?? '',
});

/** The event as its source announced it. */
function SourceSays({ item }: { item: WaitingEventDto }) {
  const t = useAdminText();
  const formats = useAdminFormats();
  const { event } = item;
  const notSaid = t('admin.waiting.notSaid');
  const status = STATUSES[event.status];
  const rows: [AdminMessageId, ReactNode][] = [
    ['admin.waiting.day', formats.day(event.day)],
    ['admin.waiting.hour', event.hour ?? t('admin.waiting.allDay')],
    [
      'admin.waiting.venue',
      event.venue ? [event.venue.name, event.venue.address].filter(Boolean).join(' · ') : notSaid,
    ],
    [
      'admin.waiting.performers',
      event.performers.length > 0 ? event.performers.join(', ') : notSaid,
    ],
    [
      'admin.waiting.price',
      event.price === null ? notSaid : t('admin.waiting.euros', { price: event.price }),
    ],
  ];
  if (status) rows.push(['admin.waiting.status', t(status)]);
  const links = [
    event.url && (
      <NewTabLink key="page" href={event.url}>
        {t('admin.waiting.page')}
      </NewTabLink>
    ),
    event.ticketUrl && (
      <NewTabLink key="tickets" href={event.ticketUrl}>
        {t('admin.waiting.tickets')}
      </NewTabLink>
    ),
  ].filter(Boolean);
  if (links.length > 0) {
    rows.push([
      'admin.waiting.links',
      links.flatMap((link, i) => (i === 0 ? [link] : [' · ', link])),
    ]);
  }
  if (event.description) rows.push(['admin.waiting.description', event.description]);
  return (
    <dl className="admin-facts" aria-label={t('admin.waiting.said')}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function WaitingReview({
  item,
  onApproved,
}: {
  item: WaitingEventDto;
  onApproved: (approved: Approved) => void;
}) {
  const t = useAdminText();
  const words = useText();
  const formats = useAdminFormats();
  const id = useId();
  const draft = useVenueDraft(id, () => draftOf(item), checkApproval);
  const { bind, venue } = draft;
  const approve = useAdminMutation({
    mutationFn: (input: WaitingApproveInput) => approveWaiting(item.id, input),
    failure: t('admin.waiting.approveFailed'),
    onSuccess: (answer) => onApproved({ message: answer.message, concertId: answer.concertId }),
  });
  const reject = useAdminMutation({
    mutationFn: () => rejectWaiting(item.id),
    failure: t('admin.waiting.rejectFailed'),
    success: (answer) => answer.message,
  });
  const busy = approve.pending || reject.pending;
  const matched = [
    item.venue && t('admin.waiting.matchedVenue', { venue: item.venue.name }),
    item.genre && t('admin.waiting.genre', { genre: genreName(words, item.genre) }),
    item.bands.length > 0 &&
      t('admin.waiting.bands', { bands: item.bands.map((band) => band.name).join(', ') }),
  ].filter(Boolean);
  let venueHint = t('admin.waiting.venueHint');
  if (venue.isNew) venueHint = t('admin.waiting.newVenueHint');
  else if (venue.known && venue.known.name !== draft.fields.venue.trim()) {
    venueHint = t('admin.concert.knownVenueHint', { name: venue.known.name });
  }
  return (
    <li className="admin-row" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-row__title">
        {item.event.name}
      </h3>
      <p className="admin-hint">
        {t('admin.waiting.from', {
          source: item.sourceName,
          moment: formats.shortMoment(item.firstSeenAt),
        })}
      </p>
      <p>
        <strong>{t(REASONS[item.reason])}</strong>
      </p>
      {item.missing && <p className="admin-hint">{t('admin.waiting.gone')}</p>}
      <SourceSays item={item} />
      {matched.length > 0 && <p className="admin-hint">{matched.join(' · ')}</p>}
      <form
        noValidate
        className="admin-form"
        aria-label={t('admin.waiting.approveLabel', { name: item.event.name })}
        onSubmit={approve.submit(draft.check)}
      >
        <div className="field-grid">
          <TextField {...bind('hour')} label={t('admin.waiting.hourField')} type="time" />
          <TextField
            {...bind('venue')}
            label={t('admin.waiting.venueField')}
            list={`${id}-venues`}
            autoComplete="off"
            maxLength={ADMIN_NAME_MAX}
            aria-describedby={`${id}-venue-hint`}
          >
            <datalist id={`${id}-venues`}>
              {venue.listed?.map((option) => (
                <option key={option.id} value={option.name}>
                  {option.town ?? ''}
                </option>
              ))}
            </datalist>
            <small id={`${id}-venue-hint`} className="admin-hint">
              {venueHint}
            </small>
          </TextField>
          {venue.isNew && (
            <TextField
              {...bind('venueTown')}
              label={t('admin.waiting.townField')}
              required
              maxLength={ADMIN_NAME_MAX}
            />
          )}
          <GenreField {...bind('genre')} placeholder={t('admin.waiting.pickGenre')} />
          <TextField
            {...bind('price')}
            label={t('admin.waiting.priceField')}
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
          />
        </div>
        <div className="admin-buttons">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t(approve.pending ? 'admin.waiting.approving' : 'admin.waiting.approve')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => reject.run()}
          >
            {t('admin.waiting.reject')}
          </button>
        </div>
      </form>
      <StatusRegion message={latestMessage(approve, reject)} />
    </li>
  );
}
