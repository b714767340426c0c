import type { BandNameDto } from '../../common/concerts/types.js';

export const toBandNameDto = (row: { id: number; band_name: string }): BandNameDto => ({
  id: row.id,
  name: row.band_name,
});
