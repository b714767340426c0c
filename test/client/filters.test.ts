// The agenda's filters (client/src/features/concerts/shared/filters.ts): the pure functions behind
// the date, score and band filters of the agenda page.
import type { ConcertDto, RecommendationDto } from '../../common/concerts/types';
import { GENRES } from '../../common/genres/genres';
import { DEMO_BANDS } from '../../server/demo/bands';
import { DEMO_VENUES } from '../../server/demo/venues';
import {
  applyFilters,
  filtersFromParams,
  hasFilters,
  matchingBands,
  normalizeText,
  sortedSpanish,
  spanishOrder,
  uniqueBandNames,
  uniqueGenres,
  type AgendaFilters,
} from '../../client/src/features/concerts/shared/filters';

let nextId = 1;
function concert(
  overrides: Partial<ConcertDto> & { bandNames?: string[]; score?: RecommendationDto['score'] },
): ConcertDto {
  const { bandNames = [], score, ...rest } = overrides;
  const id = nextId++;
  return {
    id,
    day: '2026-12-01',
    hour: '21:00',
    venue: 'Sala Mallorca',
    venueId: 1,
    genre: 'Rock',
    price: '10.00',
    imageUrl: null,
    ticketUrl: null,
    sourceUrl: null,
    likeCount: 0,
    goingCount: 0,
    cancelled: false,
    name: null,
    description: null,
    descriptionShort: null,
    descriptionLong: null,
    bands: bandNames.map((name, i) => ({
      id: id * 100 + i,
      name,
      spotifyUrl: null,
      imageUrl: null,
    })),
    recommendation:
      score === undefined ? null : { score, reason: null, liked: false, feedback: 0, going: false },
    ...rest,
  };
}

const NONE: AgendaFilters = { fecha: '', puntuacion: '', banda: '', genero: '', precio: '' };

describe('normalizeText', () => {
  it('drops accents, case and surrounding blanks', () => {
    expect(normalizeText('  Sa FÓSCA ')).toBe('sa fosca');
    expect(normalizeText('Pingüino Ñandú')).toBe('pinguino nandu');
  });
});

describe('filtersFromParams', () => {
  it('reads every filter of the address', () => {
    const params = new URLSearchParams(
      'fecha=2026-12-01&puntuacion=high&banda=Nona%20Vidal&genero=Jazz&precio=gratis',
    );
    expect(filtersFromParams(params)).toEqual({
      fecha: '2026-12-01',
      puntuacion: 'high',
      banda: 'Nona Vidal',
      genero: 'Jazz',
      precio: 'gratis',
    });
  });

  it('leaves a malformed date, score or price range unset, and missing ones empty', () => {
    const params = new URLSearchParams('fecha=1-12-2026&puntuacion=great&precio=caro');
    expect(filtersFromParams(params)).toEqual({
      fecha: '',
      puntuacion: '',
      banda: '',
      genero: '',
      precio: '',
    });
  });
});

describe('hasFilters', () => {
  it('is false with nothing chosen, or only blanks typed in the band box', () => {
    expect(hasFilters(NONE)).toBe(false);
    expect(hasFilters({ ...NONE, banda: '   ' })).toBe(false);
  });

  it.each<Partial<AgendaFilters>>([
    { fecha: '2026-12-01' },
    { puntuacion: 'high' },
    { banda: 'x' },
    { genero: 'Jazz' },
    { precio: 'gratis' },
  ])('is true with %j', (filter) => expect(hasFilters({ ...NONE, ...filter })).toBe(true));
});

describe('applyFilters', () => {
  const rock = concert({ day: '2026-12-01', bandNames: ['Sa Fósca'], score: 'extreme' });
  const jazz = concert({ day: '2026-12-02', name: 'Ona Jazz', score: 'low' });
  const unscored = concert({ day: '2026-12-01', bandNames: ['Los Valldemossa'] });
  const all = [rock, jazz, unscored];

  it('keeps everything without filters, in the same order', () => {
    expect(applyFilters(all, NONE)).toEqual(all);
  });

  it('by day', () => {
    expect(applyFilters(all, { ...NONE, fecha: '2026-12-01' })).toEqual([rock, unscored]);
  });

  it('by score: a concert without a recommendation never matches one', () => {
    expect(applyFilters(all, { ...NONE, puntuacion: 'extreme' })).toEqual([rock]);
    expect(applyFilters(all, { ...NONE, puntuacion: 'medium' })).toEqual([]);
  });

  it('by band: part of a name, whatever the accents and case, also the free name', () => {
    expect(applyFilters(all, { ...NONE, banda: 'FOSC' })).toEqual([rock]);
    expect(applyFilters(all, { ...NONE, banda: ' ona ' })).toEqual([jazz]);
    expect(applyFilters(all, { ...NONE, banda: 'nadie' })).toEqual([]);
  });

  it('all filters at once must all hold', () => {
    const both = { ...NONE, fecha: '2026-12-01', banda: 'valldemossa' };
    expect(applyFilters(all, both)).toEqual([unscored]);
    expect(applyFilters(all, { ...both, puntuacion: 'extreme' })).toEqual([]);
  });
});

describe('the price and genre filters', () => {
  const free = concert({ price: '0.00', genre: 'Jazz' });
  const ten = concert({ price: '10.00', genre: 'jazz' });
  const cheap = concert({ price: '9.50' });
  const mid = concert({ price: '10.50', genre: 'Pop' });
  const twenty = concert({ price: '20.00' });
  const dear = concert({ price: '35.00' });
  const all = [free, ten, cheap, mid, twenty, dear];

  it("'Gratis' keeps only the free ones; the ranges are budgets (up to 10 includes free)", () => {
    expect(applyFilters(all, { ...NONE, precio: 'gratis' })).toEqual([free]);
    expect(applyFilters(all, { ...NONE, precio: 'hasta-10' })).toEqual([free, ten, cheap]);
    expect(applyFilters(all, { ...NONE, precio: '10-20' })).toEqual([mid, twenty]);
    expect(applyFilters(all, { ...NONE, precio: 'mas-de-20' })).toEqual([dear]);
  });

  it('the genre matches without regard to case or accents, and combines with the price', () => {
    expect(applyFilters(all, { ...NONE, genero: 'JAZZ' })).toEqual([free, ten]);
    expect(applyFilters(all, { ...NONE, genero: 'jazz', precio: 'gratis' })).toEqual([free]);
    expect(uniqueGenres(all)).toEqual(['Jazz', 'Pop', 'Rock']);
  });
});

describe('uniqueBandNames and matchingBands', () => {
  const concerts = [
    concert({ bandNames: ['Zeta', 'Ángel Stanich'] }),
    concert({ bandNames: ['angel stanich'] }),
    concert({ name: 'Banda Libre' }),
  ];

  it('every band once (accents and case ignored), in Spanish alphabetical order', () => {
    const names = uniqueBandNames(concerts);
    expect(names).toHaveLength(3);
    expect(names.map(normalizeText)).toEqual(['angel stanich', 'banda libre', 'zeta']);
  });

  it('the names matching what is typed; all of them for an empty query', () => {
    const names = ['Ángel Stanich', 'Banda Libre', 'Zeta'];
    expect(matchingBands(names, 'ANGEL')).toEqual(['Ángel Stanich']);
    expect(matchingBands(names, 'a')).toEqual(['Ángel Stanich', 'Banda Libre', 'Zeta']);
    expect(matchingBands(names, '  ')).toEqual(names);
    expect(matchingBands(names, 'xyz')).toEqual([]);
  });
});

describe('spanishOrder', () => {
  // The names the filters sort: bands and genres like the demo's, with accents, ñ, case, digits
  // and the punctuation band names carry. Symbols such as { | } ~ or @ are left out: ICU puts
  // every symbol before the digits, this order follows their codes, and no band filter is the
  // worse for it. Nor are names that differ only in case (ICU puts 'u2' before 'U2'): the filters
  // keep one of them.
  const names = [
    ...DEMO_BANDS.map((band) => band.name),
    ...DEMO_VENUES.map((venue) => venue.name),
    ...GENRES,
    ...['Ñu Pop', 'Nuevo Día', 'ñandú', 'Nana', 'Niña', 'niño', 'Ángel', 'angel', 'Anxo', 'Élan'],
    ...['AC/DC', "Guns N' Roses", 'Sr. Chinarro', 'Los Planetas & Co', 'B-52', '2 Many DJs'],
    ...['10 Years', '9 Lives', 'Àlex', 'Çava', 'Über', 'U2', 'a b', 'ab', 'Zoé'],
  ];

  it('sorts names as Intl.Collator("es") does', () => {
    const collator = new Intl.Collator('es');
    const byIntl = [...names].sort(
      (a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0),
    );
    expect([...names].sort(spanishOrder)).toEqual(byIntl);
    expect(sortedSpanish(names)).toEqual(byIntl);
  });
});
