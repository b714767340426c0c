// What a fan's signals teach (learned-tastes.ts) and how the one verdict uses it (verdict.ts),
// without a database: half-life, thresholds, forgetting, and the rules' order kept.
import { scoreConcert } from '../server/recommendations/builtin-engine.js';
import type { FanTaste, ScoredConcert } from '../server/recommendations/engine.js';
import { keepToRules } from '../server/recommendations/keep-to-rules.js';
import {
  fadesAt,
  HALF_LIFE_DAYS,
  learnedTastesOf,
  learnFrom,
  weightAt,
  type Signal,
  type SignalKind,
} from '../server/recommendations/learned-tastes.js';
import { buildMessages } from '../server/recommendations/prompt.js';
import { judge } from '../server/recommendations/verdict.js';
import { concertToScore } from './helpers/factories.js';

const NOW = new Date('2026-11-21T10:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

let nextId = 1;
function signal(kind: SignalKind, days: number, over: Partial<Signal['concert']> = {}): Signal {
  const id = nextId++;
  return {
    kind,
    at: daysAgo(days),
    concert: {
      id,
      day: '2026-11-01',
      genre: 'Blues',
      artists: [`Banda ${id}`],
      bandNames: [`Banda ${id}`],
      name: null,
      ...over,
    },
  };
}
const portixol = { genre: 'Salsa', artists: ['Son de Portixol'], bandNames: ['Son de Portixol'] };

describe('weights and fading', () => {
  it('a signal weighs 1 when given and half as much every half-life', () => {
    expect(weightAt(NOW, NOW)).toBe(1);
    expect(weightAt(daysAgo(HALF_LIFE_DAYS), NOW)).toBeCloseTo(0.5);
    expect(weightAt(daysAgo(2 * HALF_LIFE_DAYS), NOW)).toBeCloseTo(0.25);
    // A date after now (another clock) weighs as given now.
    expect(weightAt(new Date(NOW.getTime() + 1000), NOW)).toBe(1);
  });

  it('a sum of 2 falls to the threshold after one half-life', () => {
    const at = fadesAt(2, NOW);
    expect((at.getTime() - NOW.getTime()) / 86_400_000).toBeCloseTo(HALF_LIFE_DAYS);
  });
});

describe('learnFrom', () => {
  it('one tap is a hint; two agreeing taps are a lesson', () => {
    expect(learnFrom([signal('thumbsDown', 0)], [], NOW)).toEqual([]);
    const lessons = learnFrom([signal('thumbsDown', 1), signal('thumbsDown', 3)], [], NOW);
    expect(lessons).toEqual([
      expect.objectContaining({ kind: 'genre', key: 'Blues', direction: 'down', signals: 2 }),
    ]);
  });

  it('old taps fade: two 👎 a half-life and more ago teach nothing', () => {
    expect(learnFrom([signal('thumbsDown', 80), signal('thumbsDown', 85)], [], NOW)).toHaveLength(
      1,
    );
    expect(learnFrom([signal('thumbsDown', 95), signal('thumbsDown', 100)], [], NOW)).toEqual([]);
  });

  it('a 👍 weighs against a genre’s 👎', () => {
    const signals = [signal('thumbsDown', 0), signal('thumbsDown', 0), signal('thumbsUp', 0)];
    expect(learnFrom(signals, [], NOW)).toHaveLength(1); // −1: still a lesson
    expect(learnFrom([...signals, signal('thumbsUp', 0)], [], NOW)).toEqual([]);
  });

  it('a like and a ‘Voy’ on one concert are one signal of its band', () => {
    const liked = signal('liked', 2, portixol);
    const going = { ...liked, kind: 'going' as const, at: daysAgo(1) };
    expect(learnFrom([liked, going], [], NOW)).toEqual([]);
    const lessons = learnFrom([liked, going, signal('going', 5, portixol)], [], NOW);
    expect(lessons).toEqual([
      expect.objectContaining({
        kind: 'band',
        key: 'son de portixol',
        label: 'Son de Portixol',
        direction: 'up',
        signals: 2,
      }),
    ]);
    expect(lessons[0]!.sources[1]).toMatchObject({ kinds: ['liked', 'going'], at: daysAgo(1) });
  });

  it('likes never make a genre lesson, and 👎 never a band’s', () => {
    const lessons = learnFrom(
      [signal('liked', 0), signal('liked', 0), signal('thumbsDown', 0, portixol)],
      [],
      NOW,
    );
    expect(lessons).toEqual([]);
  });

  it('forgotten signals no longer count; later ones do', () => {
    const signals = [signal('thumbsDown', 10), signal('thumbsDown', 9)];
    const forgets = [{ kind: 'genre' as const, key: 'Blues', at: daysAgo(5) }];
    expect(learnFrom(signals, forgets, NOW)).toEqual([]);
    expect(
      learnFrom([...signals, signal('thumbsDown', 2), signal('thumbsDown', 1)], forgets, NOW),
    ).toHaveLength(1);
    expect(learnFrom(signals, [{ kind: 'all', key: '', at: daysAgo(5) }], NOW)).toEqual([]);
    expect(learnFrom(signals, [{ kind: 'genre', key: 'Jazz', at: daysAgo(5) }], NOW)).toHaveLength(
      1,
    );
  });
});

describe('the verdict with what was learned', () => {
  const lessons = learnFrom(
    [
      signal('thumbsDown', 0),
      signal('thumbsDown', 0),
      signal('liked', 0, portixol),
      signal('liked', 0, portixol),
    ],
    [],
    NOW,
  );
  const declared: FanTaste = {
    topGenres: ['Jazz', 'Rock'],
    dislikedGenres: ['Reggaetón'],
    topArtists: ['Sa Fosca'],
  };
  const taste: FanTaste = { ...declared, learned: learnedTastesOf(lessons) };
  const blues = concertToScore(1, { genre: 'Blues', bands: [{ name: 'X', genres: ['Blues'] }] });
  const salsa = concertToScore(2, {
    genre: 'Salsa',
    bands: [{ name: 'SON DE PORTIXOL', genres: ['Salsa'] }],
  });

  it('a genre kept rated 👎 comes down a level; a band kept liked comes up to high', () => {
    expect(judge(declared, blues).score).toBe('medium');
    expect(judge(taste, blues)).toMatchObject({ score: 'low', because: 'learnedGenre' });
    expect(judge(declared, salsa).score).toBe('low');
    expect(judge(taste, salsa)).toMatchObject({ score: 'high', because: 'learnedBand' });
    expect(scoreConcert(taste, salsa)).toMatchObject({ score: 'high', learned: 'up' });
    expect(scoreConcert(taste, blues)).toMatchObject({ score: 'low', learned: 'down' });
  });

  it('a favourite artist stays extreme, a disliked genre stays low', () => {
    const favourite = concertToScore(3, {
      genre: 'Blues',
      bands: [{ name: 'Sa Fosca', genres: ['Blues'] }],
    });
    expect(judge(taste, favourite).score).toBe('extreme');
    const disliked = concertToScore(4, {
      genre: 'Reggaetón',
      bands: [{ name: 'Son de Portixol', genres: ['Reggaetón'] }],
    });
    expect(judge(taste, disliked)).toMatchObject({ score: 'low', because: 'disliked' });
  });

  it('reasons say what was learned, in Spanish and Catalan', () => {
    expect(scoreConcert(taste, salsa).reason).toMatch(/SON DE PORTIXOL/);
    expect(scoreConcert(taste, salsa).reason).toMatch(/\bdos\b/);
    const catalan = { ...taste, locale: 'ca' as const };
    expect(scoreConcert(catalan, salsa).reason).toMatch(/SON DE PORTIXOL/);
    expect(scoreConcert(catalan, salsa).reason).toMatch(/\bdos\b.*concerts/);
    expect(scoreConcert(catalan, blues).reason).toMatch(/blues/i);
    expect(scoreConcert(catalan, blues).reason).toMatch(/vares dir|Has posat 👎/);
  });

  it('an AI may give less than the ceiling, never more, and never below a learned band', () => {
    const answer = (concertId: number, score: ScoredConcert['score']): ScoredConcert => ({
      concertId,
      score,
      reason: 'Puede ser un buen plan.',
      engine: 'openai',
    });
    const held = keepToRules(taste, [blues, salsa], [answer(1, 'medium'), answer(2, 'medium')]);
    expect(held.map((row) => [row.score, row.engine])).toEqual([
      ['low', 'builtin'],
      ['high', 'builtin'],
    ]);
    const kept = keepToRules(taste, [blues, salsa], [answer(1, 'low'), answer(2, 'high')]);
    expect(kept).toEqual([
      { ...answer(1, 'low'), learned: 'down' },
      { ...answer(2, 'high'), learned: 'up' },
    ]);
  });

  it('the prompt tells what was learned; without lessons it says nothing of it', () => {
    const [, withLessons] = buildMessages(taste, [blues]);
    expect(withLessons!.content).toContain('Aprendido: géneros que no le convencen del todo');
    const [, without] = buildMessages(declared, [blues]);
    expect(without!.content).not.toContain('Aprendido');
  });
});
