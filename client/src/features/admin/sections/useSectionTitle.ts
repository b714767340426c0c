import { usePageTitle } from '@/components/usePageTitle';

/** A section's tab title: 'Conciertos · Administración · Conciertos Mallorca'. */
export const useSectionTitle = (section: string) => usePageTitle(`${section} · Administración`);
