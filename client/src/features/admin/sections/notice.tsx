// A section's word on what the previous page did (a concert deleted there, a copy opened here),
// carried in the navigation's state: gone on reload, as a message should be.
import { useLocation } from 'react-router';
import { StatusRegion } from '@/components/FormStatus';

export const withNotice = (notice: string) => ({ state: { notice } });

export function Notice() {
  const state: unknown = useLocation().state;
  const notice =
    typeof state === 'object' && state !== null && 'notice' in state ? String(state.notice) : null;
  return <StatusRegion message={notice ? { kind: 'success', text: notice } : null} />;
}
