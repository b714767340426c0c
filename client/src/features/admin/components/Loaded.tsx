// One thing a section reads (a concert, a submission, the overview): waiting, failed with the
// server's reason and a retry, or drawn.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure } from '@/components/LoadFailure';
import { Loading } from '@/components/Loading';
import { useErrorText } from '@/i18n/useErrorText';
import { useAdminText } from '../shared/texts';

interface LoadedProps<Data> {
  query: UseQueryResult<Data>;
  /** What could not be loaded ('No se ha podido cargar el concierto.'). */
  failure: string;
  children: (data: Data) => ReactNode;
}

export function Loaded<Data>({ query, failure, children }: LoadedProps<Data>) {
  const t = useAdminText();
  const errorText = useErrorText();
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <LoadFailure className="admin-card" onRetry={() => void query.refetch()}>
        {t('admin.loadFailedWith', { failure, reason: errorText(query.error, 'auth.unexpected') })}
      </LoadFailure>
    );
  }
  return children(query.data);
}
