import { WeeklyEmailSection } from '../components/WeeklyEmailSection';
import { useSectionTitle } from './useSectionTitle';

/** /admin/email-semanal: a test to the admins or the real send, and how the last one went. */
export function WeeklyMailSection() {
  useSectionTitle('admin.section.weeklyMail');
  return <WeeklyEmailSection />;
}
