// One thing a section reads (a concert, a submission, the overview): waiting, failed with the
// server's reason and a retry, or drawn.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure } from '@/components/LoadFailure';
import { Loading } from '@/components/Loading';

interface LoadedProps<Data> {
  query: UseQueryResult<Data>;
  /** What could not be loaded ('No se ha podido cargar el concierto.'). */
  failure: string;
  children: (data: Data) => ReactNode;
}

export function Loaded<Data>({ query, failure, children }: LoadedProps<Data>) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <LoadFailure className="admin-card" onRetry={() => void query.refetch()}>
        {`${failure} ${query.error.message}`}
      </LoadFailure>
    );
  }
  return children(query.data);
}
