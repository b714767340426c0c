import type { BandNamesResponse } from '../../common/concerts/types.js';
import type { Database } from '../db/database.js';
import { toBandNameDto } from './bands.dto.js';
import { listBandNames } from './bands.repository.js';

/** Names for the favourite-artist suggestions and the band search. */
export async function bandNames(db: Database): Promise<BandNamesResponse> {
  return { bands: (await listBandNames(db)).map(toBandNameDto) };
}
