import { BandForm } from '../components/BandForm';
import { BandsManager } from '../components/BandsManager';
import { LinkForm } from '../components/LinkForm';
import { useSectionTitle } from './useSectionTitle';

/** /admin/bandas: a new band, a band linked to a concert (both picked by name), the list. */
export function BandsSection() {
  useSectionTitle('admin.section.bands');
  return (
    <>
      <BandForm />
      <LinkForm />
      <BandsManager />
    </>
  );
}
