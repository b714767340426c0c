// Imported as JSON (not read from disk) so esbuild bundles it into dist/server/index.js and the
// demo data works wherever the built server runs, whatever the working directory.
import venueFile from '../../data/mallorca-venues.json' with { type: 'json' };

export interface DemoVenue {
  id: number;
  name: string;
  town: string;
  lat: number | null;
  lon: number | null;
  capacity: number | null;
  kind: string | null;
}

export const DEMO_VENUES: readonly DemoVenue[] = venueFile.venues;
