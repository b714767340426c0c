// The admin forms' checks, by hand (no zod in the browser); the server checks the same again.
import {
  DAY_PATTERN,
  HOUR_PATTERN,
  INT_MAX,
  PRICE_MAX,
  PRICE_PATTERN,
  isHttpUrl,
  isImageUrl,
} from '../../../../common/admin-rules';
import { isGenre } from '../../../../common/genres';

export interface ConcertFields {
  day: string;
  genre: string;
  venue: string;
  venueTown: string;
  venueAddress: string;
  venueWebsite: string;
  /** The venue's name is not on the list: a town is needed to add it. */
  isNewVenue: boolean;
  hour: string;
  price: string;
  imageUrl: string;
}

const WEBSITE_PROBLEM = 'La web de la sala no es válida.';
const isOptionalHttpUrl = (value: string) => !value.trim() || isHttpUrl(value.trim());

const isWholeNumber = (value: string, min: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= INT_MAX;

/** The first problem, as the field's id and a Spanish message; undefined when all is well. */
export function concertProblem(
  fields: ConcertFields,
): [Exclude<keyof ConcertFields, 'isNewVenue'>, string] | undefined {
  if (!DAY_PATTERN.test(fields.day)) return ['day', 'Indica el día del concierto.'];
  if (!isGenre(fields.genre)) return ['genre', 'Elige un género.'];
  if (!fields.venue.trim()) return ['venue', 'Indica la sala.'];
  if (fields.isNewVenue && !fields.venueTown.trim()) {
    return ['venueTown', 'Indica el municipio de la sala.'];
  }
  if (fields.isNewVenue && !isOptionalHttpUrl(fields.venueWebsite)) {
    return ['venueWebsite', WEBSITE_PROBLEM];
  }
  if (!HOUR_PATTERN.test(fields.hour)) return ['hour', 'Indica la hora del concierto.'];
  const price = fields.price.trim();
  if (!price) return ['price', 'Indica el precio.'];
  if (price.startsWith('-')) return ['price', 'El precio no puede ser negativo.'];
  if (!PRICE_PATTERN.test(price) || Number(price) > PRICE_MAX) {
    return ['price', 'El precio debe ser un número con como mucho 2 decimales.'];
  }
  if (fields.imageUrl.trim() && !isImageUrl(fields.imageUrl.trim())) {
    return ['imageUrl', 'La URL de la imagen no es válida.'];
  }
  return undefined;
}

export interface BandFields {
  name: string;
  spotifyUrl: string;
  imageUrl: string;
}

export function bandProblem(fields: BandFields): [keyof BandFields, string] | undefined {
  if (!fields.name.trim()) return ['name', 'Indica el nombre de la banda.'];
  if (fields.spotifyUrl.trim() && !isHttpUrl(fields.spotifyUrl.trim())) {
    return ['spotifyUrl', 'La URL de Spotify no es válida.'];
  }
  if (fields.imageUrl.trim() && !isImageUrl(fields.imageUrl.trim())) {
    return ['imageUrl', 'La URL de la imagen no es válida.'];
  }
  return undefined;
}

export function linkProblem(fields: {
  concertId: string;
  bandId: string;
}): ['concertId' | 'bandId', string] | undefined {
  if (!isWholeNumber(fields.concertId, 1)) {
    return ['concertId', 'El ID del concierto debe ser un número entero.'];
  }
  if (!isWholeNumber(fields.bandId, 1)) {
    return ['bandId', 'El ID de la banda debe ser un número entero.'];
  }
  return undefined;
}

/** A venue as its form holds it: every field text, blank meaning "none" for the optional ones. */
export interface VenueFields {
  name: string;
  town: string;
  address: string;
  website: string;
  lat: string;
  lon: string;
}

/** A blank coordinate, or a number within [-limit, limit]. */
const isCoordinate = (value: string, limit: number) =>
  !value.trim() || (/^\s*-?\d+(\.\d+)?\s*$/.test(value) && Math.abs(Number(value)) <= limit);

export function venueProblem(fields: VenueFields): [keyof VenueFields, string] | undefined {
  if (!fields.name.trim()) return ['name', 'Indica el nombre de la sala.'];
  if (!fields.town.trim()) return ['town', 'Indica el municipio de la sala.'];
  if (!isOptionalHttpUrl(fields.website)) return ['website', WEBSITE_PROBLEM];
  if (!isCoordinate(fields.lat, 90)) {
    return ['lat', 'La latitud debe ser un número entre -90 y 90.'];
  }
  if (!isCoordinate(fields.lon, 180)) {
    return ['lon', 'La longitud debe ser un número entre -180 y 180.'];
  }
  return undefined;
}
