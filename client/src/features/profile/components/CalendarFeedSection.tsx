// 'Tu calendario' in the profile: the fan's private feed (concerts liked or gone to and, if
// chosen, every 🔥🔥🔥 match) to subscribe to from any calendar app, and the public feeds. The private link is
// shown only right after it is made: the server keeps only its hash.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { genreFeedPath, publicFeedPath, webcalUrl } from '@common/calendar/links';
import type { CalendarFeedDto, CalendarFeedLinkDto } from '@common/calendar/types';
import { isGenre } from '@common/genres/genres';
import { addressIn } from '@common/i18n/locales';
import { FormStatus, StatusRegion, type StatusMessage } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import {
  calendarKeys,
  makeCalendarFeedLink,
  revokeCalendarFeedLink,
  setIncludeExtreme,
  useCalendarFeed,
} from '../shared/queries';
import { INTL_LOCALES } from '@common/format/locale';
import { genreName } from '@/i18n/genreName';
import { useLocale, useRichText, useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import './CalendarFeedSection.css';

const googleSubscribeUrl = (feedUrl: string) =>
  `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;

function NewLink({ link }: { link: CalendarFeedLinkDto }) {
  const id = useId();
  const [copied, setCopied] = useState<StatusMessage | null>(null);
  const t = useText();
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.feedUrl);
      setCopied({ kind: 'success', text: t('calendarFeed.copied') });
    } catch {
      setCopied({ kind: 'error', text: t('calendarFeed.copyFailed') });
    }
  }
  return (
    <div className="calendar-link">
      <div className="form-field">
        <label htmlFor={id}>{t('calendarFeed.linkLabel')}</label>
        <input
          id={id}
          className="text-input"
          readOnly
          value={link.feedUrl}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <p className="profile-hint">{t('calendarFeed.keepIt')}</p>
      <ul className="calendar-link__options">
        <li>
          <a href={link.webcalUrl}>{t('calendarFeed.subscribeApp')}</a>
        </li>
        <li>
          <a href={googleSubscribeUrl(link.feedUrl)} target="_blank" rel="noopener noreferrer">
            {t('calendarFeed.subscribeGoogle')}
          </a>
        </li>
        <li>
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            {t('calendarFeed.copy')}
          </button>
        </li>
      </ul>
      <StatusRegion message={copied} />
    </div>
  );
}

function PublicFeeds({ genres }: { genres: string[] }) {
  const liked = genres.filter(isGenre);
  const t = useText();
  const rich = useRichText();
  // The feeds in the page's language.
  const locale = useLocale();
  const at = (path: string) => addressIn(path, locale);
  const subscribe = (path: string) => webcalUrl(`${window.location.origin}${at(path)}`);
  return (
    <>
      <h3>{t('calendarFeed.public')}</h3>
      <ul className="calendar-public">
        <li>
          {rich('calendarFeed.all', {
            ics: (chunks) => <a href={subscribe(publicFeedPath('ics'))}>{chunks}</a>,
            rss: (chunks) => <a href={at(publicFeedPath('rss'))}>{chunks}</a>,
          })}
        </li>
        {liked.map((genre) => (
          <li key={genre}>
            {rich('calendarFeed.genre', {
              genre: genreName(t, genre),
              ics: (chunks) => <a href={subscribe(genreFeedPath(genre, 'ics'))}>{chunks}</a>,
              rss: (chunks) => <a href={at(genreFeedPath(genre, 'rss'))}>{chunks}</a>,
            })}
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
  const t = useText();
  const errorText = useErrorText();
  const locale = useLocale();

  const saved = (feed: CalendarFeedDto) => queryClient.setQueryData(calendarKeys.feed(), feed);
  const failed = (prefix: string) => (caught: unknown) => {
    setMessage(null);
    const message = errorText(caught, 'layout.unexpected');
    setError(t('calendarFeed.failure', { prefix, message }));
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
      setMessage({ kind: 'success', text: t('calendarFeed.created') });
    },
    onError: failed(t('calendarFeed.createFailed')),
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeedLink,
    onMutate: started,
    onSuccess: () => {
      setLink(null);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.feed() });
      setMessage({ kind: 'success', text: t('calendarFeed.revoked') });
    },
    onError: failed(t('calendarFeed.revokeFailed')),
  });
  const extreme = useMutation({
    mutationFn: setIncludeExtreme,
    onMutate: started,
    onSuccess: (feed) => {
      saved(feed);
      setMessage({ kind: 'success', text: t('calendarFeed.preferenceSaved') });
    },
    onError: failed(t('calendarFeed.preferenceFailed')),
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
      <h2 id={`${id}-title`}>{t('calendarFeed.title')}</h2>
      <p>{t('calendarFeed.intro')}</p>
      {isPending ? (
        <Loading className="profile-loading">{t('calendarFeed.loading')}</Loading>
      ) : isError ? (
        <FormStatus kind="error">{t('calendarFeed.loadFailed')}</FormStatus>
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
            <label htmlFor={`${id}-extreme`}>{t('calendarFeed.extreme')}</label>
          </div>
          {shown ? (
            <NewLink link={shown} />
          ) : data.active && data.createdAt ? (
            <p>
              {t('calendarFeed.active', {
                date: new Intl.DateTimeFormat(INTL_LOCALES[locale], {
                  dateStyle: 'long',
                  timeZone: 'Europe/Madrid',
                }).format(new Date(data.createdAt)),
              })}
            </p>
          ) : (
            <p className="profile-empty">{t('calendarFeed.none')}</p>
          )}
          {data.active && <p className="profile-hint">{t('calendarFeed.warning')}</p>}
          <div className="profile-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => create.mutate()}
            >
              {t(data.active ? 'calendarFeed.createNew' : 'calendarFeed.create')}
            </button>
            {data.active && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => revoke.mutate()}
              >
                {t('calendarFeed.revoke')}
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
