import type { Database } from '../db/database.js';

export interface BandNameRow {
  id: number;
  band_name: string;
}

/** Every band's id and name, by name. */
export function listBandNames(db: Database): Promise<BandNameRow[]> {
  return db.selectFrom('bands').select(['id', 'band_name']).orderBy('band_name').execute();
}
