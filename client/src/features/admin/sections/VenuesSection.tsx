import { VenuesManager } from '../components/VenuesManager';
import { useSectionTitle } from './useSectionTitle';

/** /admin/salas: the venues, added, edited and deleted. */
export function VenuesSection() {
  useSectionTitle('admin.section.venues');
  return <VenuesManager />;
}
