import type { AdminRunDto, AdminRunKind } from '@common/admin/types';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { ApiError } from '@/lib/api';
import { useErrorText } from '@/i18n/useErrorText';
import { useAdminFormats, type AdminFormats } from '../shared/format';
import { runAction, useRuns } from '../shared/queries';
import { useAdminText, type AdminTranslate } from '../shared/texts';
import { useAdminMutation } from '../shared/useAdminMutation';

/** Runs an admin action endpoint; its reply is the section's message, a failure's reason apart. */
export function useAdminAction(failure: string) {
  const t = useAdminText();
  const unknown = t('admin.unknownError');
  const errorText = useErrorText();
  return useAdminMutation({
    mutationFn: async ({ path, body }: { path: string; body?: unknown }) => {
      const text = await runAction(path, body);
      if (text === undefined) throw new Error(unknown);
      return text;
    },
    failure,
    success: (text) => text,
    // A reply that is not the API's JSON has no reason to show: 'Error desconocido'.
    failureMessage: (error) => ({
      kind: 'error',
      text: failure,
      detail:
        error instanceof ApiError && error.code !== 'UNKNOWN_ERROR'
          ? errorText(error, 'auth.unexpected')
          : unknown,
    }),
  });
}

/** What each kind of run works through ('3 fans', '1 concierto'). */
const UNITS: Record<AdminRunKind, AdminMessageId> = {
  recommendations: 'admin.run.fans',
  'descriptions-short': 'admin.run.concerts',
  'descriptions-long': 'admin.run.concerts',
};

/** The latest run of a kind: going (how far), or how it ended, how long it took and who ran it. */
function runLine(run: AdminRunDto | undefined, t: AdminTranslate, formats: AdminFormats): string {
  if (!run) return t('admin.run.never');
  const unit = UNITS[run.kind];
  const duration = formats.duration(run.durationSeconds);
  const by = run.startedBy ? t('admin.run.by', { who: run.startedBy }) : '';
  let line: string;
  if (run.status === 'running') {
    const moment = formats.moment(run.startedAt);
    line =
      run.total === null
        ? t('admin.run.running', { moment, duration })
        : t('admin.run.runningProgress', {
            moment,
            duration,
            done: run.done,
            total: t(unit, { count: run.total }),
          });
  } else {
    line = t('admin.run.ended', {
      status: run.status,
      moment: formats.moment(run.finishedAt ?? run.startedAt),
      duration,
      done: t(unit, { count: run.done }),
      failed: run.failed,
    });
    if (run.error) line += ` ${run.error}`;
  }
  return by ? `${line} ${by}` : line;
}

interface ActionSectionProps {
  /** The section's title, and its button's text. */
  title: string;
  kind: AdminRunKind;
  path: string;
  failure: string;
}

/** One 'Generar …' block: its button (off while a run of its kind goes), the run, the answer. */
export function ActionSection({ title, kind, path, failure }: ActionSectionProps) {
  const t = useAdminText();
  const formats = useAdminFormats();
  const { pending, message, run } = useAdminAction(failure);
  const runs = useRuns();
  const latest = runs.data?.runs.find((candidate) => candidate.kind === kind);
  const busy = pending || latest?.status === 'running';
  return (
    <TitledSection className="admin-card" title={title}>
      <p role="status" className="admin-hint">
        {runs.isPending ? t('admin.loading') : runs.isError ? '' : runLine(latest, t, formats)}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => run({ path })}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? t('admin.working') : title}
      </button>
      <StatusRegion message={message} />
    </TitledSection>
  );
}
