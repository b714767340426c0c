import type { AdminRunDto, AdminRunKind } from '@common/dto';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { ApiError } from '@/lib/api';
import { runAction } from '../api';
import { countOf, durationOf, momentOf } from '../format';
import { useRuns } from '../queries';
import { useAdminMutation } from '../useAdminMutation';

const UNKNOWN = 'Error desconocido';

/** Runs an admin action endpoint; its reply is the section's message, a failure's reason apart. */
export function useAdminAction(failure: string) {
  return useAdminMutation({
    mutationFn: async ({ path, body }: { path: string; body?: unknown }) => {
      const text = await runAction(path, body);
      if (text === undefined) throw new Error(UNKNOWN);
      return text;
    },
    failure,
    success: (text) => text,
    // A reply that is not the API's JSON has no reason to show: 'Error desconocido'.
    failureMessage: (error) => ({
      kind: 'error',
      text: failure,
      detail: error instanceof ApiError && error.code !== 'UNKNOWN_ERROR' ? error.message : UNKNOWN,
    }),
  });
}

/** What each kind of run works through. */
const UNITS: Record<AdminRunKind, [one: string, many: string]> = {
  recommendations: ['fan', 'fans'],
  'descriptions-short': ['concierto', 'conciertos'],
  'descriptions-long': ['concierto', 'conciertos'],
};

/** The latest run of a kind: going (how far), or how it ended, how long it took and who ran it. */
function runLine(run: AdminRunDto | undefined): string {
  if (!run) return 'Todavía no se ha ejecutado.';
  const [one, many] = UNITS[run.kind];
  const by = run.startedBy ? ` Lanzada por ${run.startedBy}.` : '';
  if (run.status === 'running') {
    const progress =
      run.total === null
        ? ''
        : ` · ${run.done.toLocaleString('es-ES')} de ${countOf(run.total, one, many)}`;
    return `En marcha desde ${momentOf(run.startedAt)} (${durationOf(run.durationSeconds)})${progress}.${by}`;
  }
  const ended = run.status === 'done' ? 'terminada' : 'terminada con errores';
  const error = run.error ? ` ${run.error}` : '';
  return (
    `Última vez: ${ended} el ${momentOf(run.finishedAt ?? run.startedAt)} ` +
    `en ${durationOf(run.durationSeconds)}: ${countOf(run.done, one, many)}, ` +
    `${countOf(run.failed, 'error', 'errores')}.${error}${by}`
  );
}

interface ActionSectionProps {
  title: string;
  kind: AdminRunKind;
  path: string;
  buttonLabel: string;
  failure: string;
}

/** One 'Generar …' block: its button (off while a run of its kind goes), the run, the answer. */
export function ActionSection({ title, kind, path, buttonLabel, failure }: ActionSectionProps) {
  const { pending, message, run } = useAdminAction(failure);
  const runs = useRuns();
  const latest = runs.data?.runs.find((candidate) => candidate.kind === kind);
  const busy = pending || latest?.status === 'running';
  return (
    <TitledSection className="admin-card" title={title}>
      <p role="status" className="admin-hint">
        {runs.isPending ? 'Cargando...' : runs.isError ? '' : runLine(latest)}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => run({ path })}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Trabajando...' : buttonLabel}
      </button>
      <StatusRegion message={message} />
    </TitledSection>
  );
}
