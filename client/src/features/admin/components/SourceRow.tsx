// One source in the list: what it is, its last run, what waits from it, and its actions: import
// now, pause or resume, edit, and delete (asked first; the concerts it brought stay).
import { useState } from 'react';
import { Link } from 'react-router';
import type { SourceDto } from '@common/sources/types';
import { StatusRegion } from '@/components/FormStatus';
import { NewTabLink } from './NewTabLink';
import { genreName } from '@/i18n/genreName';
import { useText } from '@/i18n/IntlContext';
import { useAdminFormats } from '../shared/format';
import { ADMIN_PATHS } from '../shared/paths';
import { deleteSource, runSource, updateSource } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { latestMessage, useAdminMutation } from '../shared/useAdminMutation';
import { ConfirmedDelete, EditToggle, RowButton } from './RowActions';
import { SourceEditor } from './SourceEditor';
import { runCounts, SourceRun } from './SourceRun';

const SEPARATOR = ' · ';

function SourceFacts({ source }: { source: SourceDto }) {
  const t = useAdminText();
  const words = useText();
  const formats = useAdminFormats();
  const facts = [t(source.review ? 'admin.source.modeReview' : 'admin.source.modeDirect')];
  if (source.followState) facts.unshift(t('admin.source.follow', { state: source.followState }));
  if (source.venueName) facts.push(t('admin.source.defaultVenue', { venue: source.venueName }));
  if (source.genre) {
    facts.push(t('admin.source.defaultGenre', { genre: genreName(words, source.genre) }));
  }
  if (source.nextRunAt) {
    facts.push(t('admin.source.nextRun', { moment: formats.moment(source.nextRunAt) }));
  }
  return <p className="admin-hint">{facts.join(SEPARATOR)}</p>;
}

function SourceActions({ source }: { source: SourceDto }) {
  const t = useAdminText();
  const [editing, setEditing] = useState(false);
  const run = useAdminMutation({
    mutationFn: runSource,
    failure: t('admin.source.runFailed'),
    success: (result) =>
      result.error
        ? { kind: 'error', text: t('admin.source.runBroken', { error: result.error }) }
        : t('admin.source.runDone', { counts: runCounts(result, t) }),
  });
  const pause = useAdminMutation({
    mutationFn: (paused: boolean) => updateSource(source.id, { paused }),
    failure: t('admin.source.pauseFailed'),
    success: (changed) => t(changed.paused ? 'admin.source.pausedDone' : 'admin.source.resumed'),
  });
  // The server says what stays (its concerts) and what goes.
  const remove = useAdminMutation({
    mutationFn: deleteSource,
    failure: t('admin.deleteFailed'),
    success: (answer) => answer.message,
  });
  return (
    <>
      <div className="admin-row__actions">
        {/* A fediverse account sends its events itself: nothing to import by hand. */}
        {source.kind === 'feed' && (
          <button
            type="button"
            className="button button--primary"
            disabled={run.pending}
            onClick={() => run.run(source.id)}
          >
            {t(run.pending ? 'admin.source.running' : 'admin.source.runNow')}
          </button>
        )}
        <RowButton disabled={pause.pending} onClick={() => pause.run(!source.paused)}>
          {t(source.paused ? 'admin.source.resume' : 'admin.source.pause')}
        </RowButton>
        <EditToggle editing={editing} onToggle={() => setEditing((open) => !open)} />
        <ConfirmedDelete
          question={t('admin.source.confirmDelete')}
          pending={remove.pending}
          onConfirm={() => remove.run(source.id)}
        />
      </div>
      <StatusRegion message={latestMessage(run, pause, remove)} />
      {editing && <SourceEditor source={source} />}
    </>
  );
}

export function SourceRow({ source }: { source: SourceDto }) {
  const t = useAdminText();
  return (
    <li className="admin-row" aria-label={source.name}>
      <p className="admin-row__title">
        {source.name}
        {source.paused && <span className="admin-badge"> {t('admin.source.paused')}</span>}
      </p>
      <p className="admin-hint admin-source__url">
        <NewTabLink href={source.url}>{source.url}</NewTabLink>
      </p>
      <SourceFacts source={source} />
      {source.pausedReason && <p>{source.pausedReason}</p>}
      {source.kind === 'feed' && <SourceRun run={source.lastRun} />}
      {(source.waiting > 0 || source.missing > 0) && (
        <p>
          {source.waiting > 0 && (
            <Link to={ADMIN_PATHS.waiting}>
              {t('admin.source.waitingLink', { count: source.waiting })}
            </Link>
          )}
          {source.waiting > 0 && source.missing > 0 && SEPARATOR}
          {source.missing > 0 && (
            <Link to={ADMIN_PATHS.missing}>
              {t('admin.source.missingLink', { count: source.missing })}
            </Link>
          )}
        </p>
      )}
      <SourceActions source={source} />
    </li>
  );
}
