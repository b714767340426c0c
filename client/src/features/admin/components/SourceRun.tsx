// What a source's last run did, as its row says it: when, its counts, why each skipped event was
// skipped (with the first names), and the source's error in the reader's language.
import type { SkippedReasonDto, SourceRunDto, SourceRunResult } from '@common/sources/types';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { useAdminFormats } from '../shared/format';
import { useAdminText, type AdminTranslate } from '../shared/texts';

/** The reasons a run records (run-tally.ts and the readers); another is shown as it comes. */
const SKIP_REASONS: Record<string, AdminMessageId> = {
  'no-name': 'admin.source.skip.no-name',
  'no-start': 'admin.source.skip.no-start',
  'bad-date': 'admin.source.skip.bad-date',
  past: 'admin.source.skip.past',
  'beyond-horizon': 'admin.source.skip.beyond-horizon',
  'over-limit': 'admin.source.skip.over-limit',
  cancelled: 'admin.source.skip.cancelled',
  deleted: 'admin.source.skip.deleted',
  rejected: 'admin.source.skip.rejected',
  error: 'admin.source.skip.error',
  other: 'admin.source.skip.other',
};

/** '3 encontrados · 1 nuevos · ...'. */
export const runCounts = (run: SourceRunResult | SourceRunDto, t: AdminTranslate) =>
  t('admin.source.counts', {
    found: run.found,
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    waiting: run.waiting,
    skipped: run.skipped,
  });

function skippedLine({ reason, count, examples }: SkippedReasonDto, t: AdminTranslate) {
  const id = SKIP_REASONS[reason];
  const named = id ? t(id) : reason;
  return examples.length > 0
    ? t('admin.source.skippedExamples', { reason: named, count, examples: examples.join(', ') })
    : t('admin.source.skippedLine', { reason: named, count });
}

export function SourceRun({ run }: { run: SourceRunDto | null }) {
  const t = useAdminText();
  const formats = useAdminFormats();
  if (!run) return <p className="admin-hint">{t('admin.source.neverRun')}</p>;
  if (run.finishedAt === null) {
    return <p>{t('admin.source.lastRunGoing', { moment: formats.moment(run.at) })}</p>;
  }
  return (
    <>
      <p>
        {t('admin.source.lastRun', {
          moment: formats.moment(run.at),
          trigger: run.trigger,
          counts: runCounts(run, t),
        })}
      </p>
      {run.notModified && <p className="admin-hint">{t('admin.source.notModified')}</p>}
      {run.skippedReasons.length > 0 && (
        <ul className="admin-hint" aria-label={t('admin.source.skippedTitle')}>
          {run.skippedReasons.map((skipped) => (
            <li key={skipped.reason}>{skippedLine(skipped, t)}</li>
          ))}
        </ul>
      )}
      {run.error && (
        <p className="form-message form-message--error">
          {t('admin.source.error', { error: run.error })}
        </p>
      )}
    </>
  );
}
