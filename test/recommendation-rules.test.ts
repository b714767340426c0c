// The scoring rules and the built-in reasons, case by case, on concerts whose bands play several
// genres; and an AI's answers held to the same rules before they are stored.
import { GENRES, type Score } from '../common/genres/genres.js';
import { scoreConcert } from '../server/recommendations/builtin-engine.js';
import type { ConcertToScore, FanTaste, ScoredConcert } from '../server/recommendations/engine.js';
import { keepToRules, reasonStatesFalsehood } from '../server/recommendations/keep-to-rules.js';
import { judge } from '../server/recommendations/verdict.js';
import { registry } from '../server/lib/metrics.js';

const taste = (over: Partial<FanTaste> = {}): FanTaste => ({
  topGenres: [],
  dislikedGenres: [],
  topArtists: [],
  ...over,
});

const band = (name: string, ...genres: string[]) => ({ name, genres });

const concert = (id: number, genre: string, bands: ConcertToScore['bands']): ConcertToScore => ({
  id,
  day: '2030-06-01',
  hour: '21:00:00',
  genre,
  name: null,
  description: null,
  bands,
});

const alba = band('Alba Serra i els Vespres', 'R&B', 'Jazz');
const saFosca = band('Sa Fosca', 'Punk', 'Rock');
const perreo = band('Los del Perreo', 'Pop', 'Reggaetón');
const groove = band('Groove Mallorquí', 'Pop', 'Funk');

/** Every phrasing a case has: the same case over many concert ids. */
const ids = Array.from({ length: 40 }, (_, index) => index + 1);

// A sentence that says what the concert *is* names the concert's own genre.
const WHAT_IT_IS = [/Puro ([^,]+),/, /este concierto es de ([^.]+)\./, /concierto de ([^ ,.]+)/];

interface Case {
  name: string;
  fan: FanTaste;
  genre: string;
  bands: ConcertToScore['bands'];
  score: Score;
  /** Words every phrasing of the case says. */
  says: RegExp[];
}

const CASES: Case[] = [
  {
    name: "an R&B concert whose band also plays Jazz, for a Jazz fan: high, Jazz as the band's",
    fan: taste({ topGenres: ['Rock', 'Indie', 'Jazz'], dislikedGenres: ['Reggaetón'] }),
    genre: 'R&B',
    bands: [alba],
    score: 'high',
    says: [/Alba Serra i els Vespres también toca Jazz/],
  },
  {
    name: 'a Jazz concert for a Jazz fan: high, as what the concert is',
    fan: taste({ topGenres: ['Jazz'] }),
    genre: 'Jazz',
    bands: [band('Trio Blau', 'Jazz')],
    score: 'high',
    says: [/jazz/i],
  },
  {
    name: "a Punk concert whose band also plays Rock, for a Rock fan: high, Rock as the band's",
    fan: taste({ topGenres: ['Rock'] }),
    genre: 'Punk',
    bands: [saFosca],
    score: 'high',
    says: [/Sa Fosca también toca Rock/],
  },
  {
    name: 'a Pop concert whose band also plays a disliked genre: low, saying so',
    fan: taste({ topGenres: ['Pop'], dislikedGenres: ['Reggaetón'] }),
    genre: 'Pop',
    bands: [perreo],
    score: 'low',
    says: [/Los del Perreo también toca Reggaetón/, /evitar|no te gusta/],
  },
  {
    name: 'a concert of a disliked genre: low, saying it is disliked',
    fan: taste({ dislikedGenres: ['Reggaetón'] }),
    genre: 'Reggaetón',
    bands: [band('Dembow Illa', 'Reggaetón')],
    score: 'low',
    says: [/reggaetón/i, /evitar|no te gusta/],
  },
  {
    name: "a Pop concert whose band plays Funk, for a Jazz fan: medium, Funk as the band's",
    fan: taste({ topGenres: ['Jazz'] }),
    genre: 'Pop',
    bands: [groove],
    score: 'medium',
    says: [/Groove Mallorquí también toca Funk/, /jazz/i],
  },
  {
    name: 'a Blues concert for a Jazz fan: medium, naming both',
    fan: taste({ topGenres: ['Jazz'] }),
    genre: 'Blues',
    bands: [band('Delta Palma', 'Blues')],
    score: 'medium',
    says: [/blues/i, /jazz/i],
  },
  {
    name: 'a favourite artist of a disliked genre: extreme, naming the artist',
    fan: taste({ topArtists: ['sa fósca'], dislikedGenres: ['Punk'] }),
    genre: 'Punk',
    bands: [saFosca],
    score: 'extreme',
    says: [/Sa Fosca/],
  },
  {
    name: 'nothing in common: low, with the concert genre',
    fan: taste({ topGenres: ['Techno'] }),
    genre: 'Flamenco',
    bands: [band('Cante de Ciutat', 'Flamenco')],
    score: 'low',
    says: [/flamenco/i],
  },
];

describe('the built-in engine, case by case', () => {
  it.each(CASES)('$name', ({ fan, genre, bands, score, says }) => {
    const reasons = new Set<string>();
    for (const id of ids) {
      const subject = concert(id, genre, bands);
      const scored = scoreConcert(fan, subject);
      expect(scored.score).toBe(score);
      for (const pattern of says) expect(scored.reason).toMatch(pattern);
      for (const pattern of WHAT_IT_IS) {
        const named = pattern.exec(scored.reason)?.[1];
        if (named) expect(named.toLowerCase()).toBe(genre.toLowerCase());
      }
      expect(reasonStatesFalsehood(scored, subject, fan, ['Los Planetas'])).toBe(false);
      reasons.add(scored.reason);
    }
    // Several phrasings per case, not one sentence forty times.
    expect(reasons.size).toBeGreaterThan(1);
  });

  // The same cases for a fan who reads Catalan: Catalan words, the same facts, the same truth rules.
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const inCatalan = (pattern: RegExp) =>
    new RegExp(
      plain(pattern.source.replace('también', 'també').replace('no te gusta', 'no t’agrada')),
    );
  const CATALAN_IS = [
    /aqui sona ([^,]+),/,
    /aquest concert es de ([^.]+)\./,
    /concert de ([^ ,.]+)/,
  ];
  it.each(CASES)('in Catalan: $name', ({ fan, genre, bands, score, says }) => {
    const catalanFan: FanTaste = { ...fan, locale: 'ca' };
    const reasons = new Set<string>();
    for (const id of ids) {
      const subject = concert(id, genre, bands);
      const scored = scoreConcert(catalanFan, subject);
      expect(scored.score).toBe(score);
      const text = plain(scored.reason);
      for (const pattern of says) expect(text).toMatch(inCatalan(pattern));
      expect(text).toMatch(/\b(teu|teus|teva|t’|aquest|aqui|concert|dels|es|i|genere)\b/);
      expect(text).not.toMatch(/\b(tambien|tus|este|concierto|gusta)\b/);
      for (const pattern of CATALAN_IS) {
        const named = pattern.exec(text)?.[1];
        if (named) expect(named).toBe(plain(genre));
      }
      expect(reasonStatesFalsehood(scored, subject, catalanFan, ['Los Planetas'])).toBe(false);
      reasons.add(scored.reason);
    }
    expect(reasons.size).toBeGreaterThan(1);
  });

  it('picks the same phrasing for the same fan and concert every time', () => {
    const fan = taste({ topGenres: ['Jazz'] });
    const subject = concert(7, 'Jazz', []);
    expect(scoreConcert(fan, subject).reason).toBe(scoreConcert({ ...fan }, subject).reason);
  });

  it('never scores above what the rules allow, for any pair of liked and concert genre', () => {
    for (const liked of GENRES) {
      for (const genre of GENRES) {
        const fan = taste({ topGenres: [liked] });
        const subject = concert(1, genre, [band('Banda', genre)]);
        expect(scoreConcert(fan, subject).score).toBe(judge(fan, subject).score);
      }
    }
  });
});

describe('keepToRules: what an AI answers is stored only within the rules', () => {
  const fan = taste({
    topGenres: ['Jazz'],
    dislikedGenres: ['Reggaetón'],
    topArtists: ['Sa Fosca'],
  });
  const concerts = [
    concert(1, 'R&B', [alba]),
    concert(2, 'Reggaetón', [band('Dembow Illa', 'Reggaetón')]),
    concert(3, 'Punk', [saFosca]),
    concert(4, 'Flamenco', [band('Cante de Ciutat', 'Flamenco')]),
  ];
  const answer = (concertId: number, score: Score, reason: string): ScoredConcert => ({
    concertId,
    score,
    reason,
    engine: 'openai',
  });
  const corrections = async () =>
    (await registry.getSingleMetricAsString('cm_recommendation_corrections_total'))
      .split('\n')
      .filter((line) => line.startsWith('cm_recommendation_corrections_total{'))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);

  it("an AI that answers 'extreme' for everything: only the favourite keeps it", async () => {
    const before = await corrections();
    const stored = keepToRules(
      fan,
      concerts,
      concerts.map((subject) => answer(subject.id, 'extreme', '¡Imprescindible para ti!')),
    );
    expect(stored.map((row) => [row.concertId, row.score, row.engine])).toEqual([
      [1, 'high', 'builtin'],
      [2, 'low', 'builtin'],
      [3, 'extreme', 'openai'],
      [4, 'low', 'builtin'],
    ]);
    for (const row of stored) {
      const subject = concerts.find((found) => found.id === row.concertId)!;
      expect(row.score).toBe(row.engine === 'builtin' ? judge(fan, subject).score : 'extreme');
    }
    expect((await corrections()) - before).toBe(3);
  });

  it('an AI that names an artist who does not play, or a genre the concert lacks', () => {
    const stored = keepToRules(fan, concerts, [
      answer(1, 'high', 'Vuelve Sa Fosca, tu favorita, con mucho jazz.'),
      answer(4, 'low', 'Una noche de reggae que no va contigo.'),
      answer(2, 'low', 'El reggaetón no es lo tuyo.'),
    ]);
    expect(stored[0]).toEqual(scoreConcert(fan, concerts[0]!));
    expect(stored[0]!.reason).not.toContain('Sa Fosca');
    expect(stored[1]).toEqual(scoreConcert(fan, concerts[3]!));
    // True and within the rules: kept as the AI wrote it.
    expect(stored[2]).toEqual(answer(2, 'low', 'El reggaetón no es lo tuyo.'));
  });

  it('holds a Catalan reason to the same rules: a genre the concert lacks, in Catalan, is caught', () => {
    const catalanFan: FanTaste = { ...fan, locale: 'ca' };
    const stored = keepToRules(catalanFan, concerts, [
      answer(1, 'low', 'Una nit de música electrònica que no és per a tu.'),
      answer(2, 'low', 'El reggaeton no és el teu estil.'),
    ]);
    expect(stored[0]).toEqual(scoreConcert(catalanFan, concerts[0]!));
    expect(stored[0]!.reason).toMatch(/Alba Serra i els Vespres també toca Jazz/);
    expect(stored[1]).toEqual(answer(2, 'low', 'El reggaeton no és el teu estil.'));
  });

  it("a lower score than the rules allow, with true words, is the AI's to give", () => {
    const stored = keepToRules(fan, concerts, [answer(1, 'medium', 'Algo de jazz en este R&B.')]);
    expect(stored[0]!.engine).toBe('openai');
  });
});
