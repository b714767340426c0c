// 'Lo que hemos aprendido de ti': each taste the fan taught us with their 👍/👎, likes and 'Voy',
// what it came from ("Blues: 2 👎 (12 y 20 de noviembre)"), what it does to their scores, and a
// button to forget it (the scores go back to what their declared tastes give within seconds), and
// the way back to the onboarding, whose last step asks whether what was learned stays.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { LearnedTasteDto } from '@common/learning/types';
import { FormStatus, StatusRegion } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { concertKeys } from '@/features/concerts/shared/keys';
import { genreName } from '@/i18n/genreName';
import { useLocale, useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { daysOf } from '../shared/learnedDays';
import { profileKeys } from '../shared/keys';
import { forgetLearnedTaste, useLearnedTastes } from '../shared/queries';
import './SessionsSection.css';

function LearnedRow({
  taste,
  busy,
  onForget,
}: {
  taste: LearnedTasteDto;
  busy: boolean;
  onForget: (taste: LearnedTasteDto, name: string) => void;
}) {
  const t = useText();
  const locale = useLocale();
  const name = taste.kind === 'genre' ? genreName(t, taste.name) : taste.name;
  // The signals that agree with the lesson, by the day they were given.
  const agreeing = taste.sources.filter(
    (source) => source.value === (taste.direction === 'up' ? 1 : -1),
  );
  const days = daysOf(
    locale,
    agreeing.map((source) => source.at),
    t('learned.and'),
  );
  const summary = t(taste.kind === 'genre' ? 'learned.genre' : 'learned.band', {
    name,
    count: taste.signals,
    days,
  });
  return (
    <li className="session-row">
      <div className="session-row__text">
        <p className="session-row__device">{summary}</p>
        <p className="profile-hint">
          {t(taste.kind === 'genre' ? 'learned.genreEffect' : 'learned.bandEffect')}
        </p>
      </div>
      <button
        type="button"
        className="button button--secondary"
        aria-label={t('learned.forgetLabel', { name })}
        disabled={busy}
        onClick={() => onForget(taste, name)}
      >
        {t('learned.forget')}
      </button>
    </li>
  );
}

export function LearnedSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useLearnedTastes();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const t = useText();
  const errorText = useErrorText();

  async function forget(taste: LearnedTasteDto, name: string) {
    setBusy(true);
    setDone('');
    setError('');
    try {
      const answer = await forgetLearnedTaste({ kind: taste.kind, key: taste.key });
      queryClient.setQueryData(profileKeys.learned(), answer);
      setDone(t('learned.forgotten', { name }));
      // The scores follow within seconds: the agenda is read again when next shown.
      void queryClient.invalidateQueries({ queryKey: concertKeys.agenda() });
    } catch (caught) {
      setError(t('learned.forgetFailed', { message: errorText(caught, 'layout.unexpected') }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="profile-section" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{t('learned.title')}</h2>
      <p className="profile-hint">{t('learned.intro')}</p>
      {isPending ? (
        <Loading className="profile-loading">{t('learned.loading')}</Loading>
      ) : isError ? (
        <FormStatus kind="error">{t('learned.loadFailed')}</FormStatus>
      ) : data.tastes.length === 0 ? (
        <p className="profile-empty">{t('learned.none')}</p>
      ) : (
        <ul className="session-list" aria-labelledby={`${id}-title`}>
          {data.tastes.map((taste) => (
            <LearnedRow
              key={`${taste.kind}:${taste.key}`}
              taste={taste}
              busy={busy}
              onForget={(target, name) => void forget(target, name)}
            />
          ))}
        </ul>
      )}
      <StatusRegion message={done ? { kind: 'success', text: done } : null} />
      {error && <FormStatus kind="error">{error}</FormStatus>}
      {/* The onboarding again: its last step asks whether what was learned stays. */}
      <p className="profile-hint">
        <Link to="/liked-music-genres">{t('learned.redo')}</Link>
      </p>
    </section>
  );
}
