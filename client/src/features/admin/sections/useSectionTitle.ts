import type { AdminMessageId } from '@common/i18n/catalogues';
import { usePageTitle } from '@/components/usePageTitle';
import { useAdminText } from '../shared/texts';

/** A section's tab title: 'Conciertos · Administración · Conciertos Mallorca'. */
export function useSectionTitle(section: AdminMessageId): void {
  const t = useAdminText();
  usePageTitle(t('admin.tabTitle', { section: t(section) }));
}
