import type { ReactNode } from 'react';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { ApiError } from '@/lib/api';
import { runAction } from '../api';
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

interface ActionSectionProps {
  title: string;
  path: string;
  buttonLabel: string;
  failure: string;
  children?: ReactNode;
}

/** One 'Generar …' block: a button calling the action endpoint and its answer. */
export function ActionSection({ title, path, buttonLabel, failure, children }: ActionSectionProps) {
  const { pending, message, run } = useAdminAction(failure);
  return (
    <TitledSection className="admin-card" title={title}>
      {children}
      <button
        type="button"
        className="button button--primary"
        onClick={() => run({ path })}
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? 'Trabajando...' : buttonLabel}
      </button>
      <StatusRegion message={message} />
    </TitledSection>
  );
}
