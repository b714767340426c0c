import { FormStatus } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { useAdminText } from '../shared/texts';

interface ListStateProps {
  query: { isPending: boolean; isError: boolean };
  /** True when the loaded list has no rows. */
  isEmpty: boolean;
  /** What an empty list means here ('Ninguna sala coincide con la búsqueda.'…). */
  empty: string;
}

/** The loading, error and empty states of an admin list; nothing once it has rows. */
export function ListState({ query, isEmpty, empty }: ListStateProps) {
  const t = useAdminText();
  if (query.isPending) return <Loading />;
  if (query.isError) return <FormStatus kind="error">{t('admin.listFailed')}</FormStatus>;
  return isEmpty ? <p className="admin-hint">{empty}</p> : null;
}
