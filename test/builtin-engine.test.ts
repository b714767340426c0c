import { GENRES, type Score } from '../common/genres/genres.js';
import { builtinEngine, scoreConcert } from '../server/recommendations/builtin-engine.js';
import type { ConcertToScore, FanTaste } from '../server/recommendations/engine.js';
import { areRelated, GENRE_FAMILIES } from '../common/genres/relations.js';

const taste = (over: Partial<FanTaste> = {}): FanTaste => ({
  topGenres: [],
  dislikedGenres: [],
  topArtists: [],
  ...over,
});

const concert = (over: Partial<ConcertToScore> = {}): ConcertToScore => ({
  id: 1,
  day: '2030-06-01',
  hour: '21:00:00',
  genre: 'Jazz',
  name: null,
  description: null,
  bands: [],
  ...over,
});

const band = (name: string, ...genres: string[]) => ({ name, genres });

/** Lower-case, no accents: reasons write genres inside sentences ("el rock", "la salsa"). */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

// Words every Spanish reason uses one of; an English or empty template would miss them all.
const SPANISH = /\b(tu|tus|te|es|este|esta|de|del|la|el|que|aqui|lo)\b/;

describe('scoreConcert: disliked genres are never recommended', () => {
  it.each(GENRES)('a concert of %s, disliked, is low even when it is also liked', (genre) => {
    const result = scoreConcert(
      taste({ topGenres: [genre], dislikedGenres: [genre] }),
      concert({ genre }),
    );
    expect(result.score).toBe('low');
    expect(plain(result.reason)).toContain(plain(genre));
  });

  it.each([
    ['Rock', 'Metal'],
    ['Pop', 'Reggaetón'],
    ['Jazz', 'Techno'],
  ])('a %s concert with a %s band (disliked) is low', (genre, disliked) => {
    const result = scoreConcert(
      taste({ topGenres: [genre], dislikedGenres: [disliked] }),
      concert({ genre, bands: [band('Banda Uno', genre), band('Banda Dos', disliked)] }),
    );
    expect(result.score).toBe('low');
    expect(plain(result.reason)).toContain(plain(disliked));
  });

  it('a favourite artist beats a disliked genre', () => {
    const result = scoreConcert(
      taste({ topArtists: ['Sa Fosca'], dislikedGenres: ['Punk'] }),
      concert({ genre: 'Rock', bands: [band('Sa Fosca', 'Punk')] }),
    );
    expect(result.score).toBe('extreme');
    expect(result.reason).toContain('Sa Fosca');
  });
});

describe('scoreConcert: favourite artists', () => {
  it.each([
    ['Sa Fosca', 'sa fósca'],
    ['sa fósca', 'SA FOSCA'],
    ['Fósforo  Blanc', 'fosforo blanc'],
    ['  Mañana Sol ', 'MANANA SOL'],
  ])('band "%s" matches favourite "%s" → extreme', (bandName, favourite) => {
    const result = scoreConcert(
      taste({ topArtists: [favourite], topGenres: ['Pop'] }),
      concert({ genre: 'Folk', bands: [band(bandName, 'Folk')] }),
    );
    expect(result.score).toBe('extreme');
    expect(result.reason).toContain(bandName);
  });

  it("the concert's free name matching a favourite → extreme", () => {
    const result = scoreConcert(
      taste({ topArtists: ['Maria del Mar Bonet'] }),
      concert({ genre: 'Folk', name: 'María del Mar Bonet', bands: [] }),
    );
    expect(result.score).toBe('extreme');
    expect(result.reason).toContain('María del Mar Bonet');
  });

  it('a favourite that only partly matches a band name is not extreme', () => {
    const result = scoreConcert(
      taste({ topArtists: ['Sa Fosca'] }),
      concert({ genre: 'Jazz', bands: [band('Sa Fosca Tribute Band', 'Jazz')] }),
    );
    expect(result.score).not.toBe('extreme');
  });
});

describe('scoreConcert: genres', () => {
  it.each(GENRES)('a liked genre (%s) → high, naming the genre', (genre) => {
    const result = scoreConcert(taste({ topGenres: [genre] }), concert({ genre }));
    expect(result.score).toBe('high');
    expect(plain(result.reason)).toContain(plain(genre));
  });

  it("a band's liked genre makes a concert high", () => {
    const result = scoreConcert(
      taste({ topGenres: ['Blues'] }),
      concert({ genre: 'Rock', bands: [band('Los Rojos', 'Rock', 'Blues')] }),
    );
    expect(result.score).toBe('high');
  });

  // Every ordered pair inside a family, once (Funk, R&B and Hip-Hop share two families).
  const familyPairs = [
    ...new Set(
      GENRE_FAMILIES.flatMap((family) =>
        family.flatMap((liked) =>
          family.filter((other) => other !== liked).map((other) => `${liked}|${other}`),
        ),
      ),
    ),
  ].map((pair) => pair.split('|') as [string, string]);

  it.each(familyPairs)('liking %s makes a %s concert medium, naming both', (liked, genre) => {
    const result = scoreConcert(taste({ topGenres: [liked] }), concert({ genre }));
    expect(result.score).toBe('medium');
    expect(plain(result.reason)).toContain(plain(liked));
    expect(plain(result.reason)).toContain(plain(genre));
  });

  it('every unrelated pair of genres is low, naming the concert genre', () => {
    const wrong: string[] = [];
    for (const liked of GENRES) {
      for (const genre of GENRES) {
        if (genre === liked || areRelated(genre, liked)) continue;
        const result = scoreConcert(taste({ topGenres: [liked] }), concert({ genre }));
        if (result.score !== 'low' || !plain(result.reason).includes(plain(genre)))
          wrong.push(`${liked} → ${genre}: ${result.score} "${result.reason}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a fan with no taste at all gets low', () => {
    expect(scoreConcert(taste(), concert({ genre: 'Salsa' })).score).toBe('low');
  });
});

describe('scoreConcert: reasons', () => {
  const cases: [Score, FanTaste, ConcertToScore][] = [
    [
      'extreme',
      taste({ topArtists: ['Sa Fosca'] }),
      concert({ bands: [band('Sa Fosca', 'Rock')] }),
    ],
    ['high', taste({ topGenres: ['Jazz'] }), concert({ genre: 'Jazz' })],
    ['medium', taste({ topGenres: ['Blues'] }), concert({ genre: 'Jazz' })],
    ['low', taste({ topGenres: ['Techno'] }), concert({ genre: 'Flamenco' })],
    ['low', taste({ dislikedGenres: ['Jazz'] }), concert({ genre: 'Jazz' })],
  ];

  it.each(cases)(
    '%s reasons are Spanish, never empty, and vary with the concert',
    (score, fan, base) => {
      const reasons = [1, 2, 3, 4, 5, 6].map((id) => scoreConcert(fan, { ...base, id }));
      for (const result of reasons) {
        expect(result.score).toBe(score);
        expect(result.engine).toBe('builtin');
        expect(result.reason.trim().length).toBeGreaterThan(10);
        expect(plain(result.reason)).toMatch(SPANISH);
        expect(result.reason).not.toMatch(/undefined|null|NaN|\$\{/);
      }
      expect(new Set(reasons.map((result) => result.reason)).size).toBeGreaterThan(1);
    },
  );
});

describe('builtinEngine', () => {
  it('scores a whole batch in order, every row marked builtin', async () => {
    const batch = [
      concert({ id: 7, genre: 'Rock' }),
      concert({ id: 3, genre: 'Jazz' }),
      concert({ id: 9, genre: 'House' }),
    ];
    const rows = await builtinEngine.scoreBatch(taste({ topGenres: ['Jazz'] }), batch);
    expect(rows.map((row) => [row.concertId, row.score, row.engine])).toEqual([
      [7, 'low', 'builtin'],
      [3, 'high', 'builtin'],
      [9, 'low', 'builtin'],
    ]);
  });
});
