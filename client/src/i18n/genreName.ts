import { isGenre } from '@common/genres/genres';
import type { Translate } from './IntlContext';

/** A genre as the reader's language names it (the product's genres; anything else as it is). */
export const genreName = (t: Translate, genre: string) =>
  isGenre(genre) ? t(`genre.${genre}`) : genre;
