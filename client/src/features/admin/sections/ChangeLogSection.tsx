import { AuditLog } from '../components/AuditLog';
import { useSectionTitle } from './useSectionTitle';

/** /admin/registro: every admin action, newest first, its page in the address. */
export function ChangeLogSection() {
  useSectionTitle('admin.section.changeLog');
  return <AuditLog />;
}
