// are the recommendations right? 1,000 synthetic fans (tastes drawn from the genres and
// the dataset's bands, favourite artists typed in other cases) over the bench's concerts, scored
// by the built-in engine and by the AI engine behind a fake that answers at random (random scores,
// reasons that name random genres and artists). What would be stored is checked against the rules:
// scores above the verdict (budget 0) and reasons that name a genre or artist the concert lacks
// (budget 0); plus the distribution of scores and the time per fan.
import { GENRES, SCORES, type Score } from '../common/genres/genres.js';
import { createRandom, type Random } from '../server/demo/random.js';
import { DEMO_VENUES } from '../server/demo/venues.js';
import { createLogger } from '../server/lib/logger.js';
import { builtinEngine } from '../server/recommendations/builtin-engine.js';
import type {
  ConcertToScore,
  FanTaste,
  RecommendationEngine,
} from '../server/recommendations/engine.js';
import { reasonStatesFalsehood } from '../server/recommendations/keep-to-rules.js';
import { createOpenAiEngine } from '../server/recommendations/openai-engine.js';
import { artistsOf, judge, SCORE_RANK } from '../server/recommendations/verdict.js';
import { concertIdsIn, startFakeOpenAi } from '../test/helpers/fake-openai.js';
import { generateBands, generateConcerts, generateUsers } from './lib/dataset-rows.js';
import { round } from './lib/http-client.js';
import type { BenchResult } from './types.js';

const FANS = 1_000;
const CONCERTS = 300;
/** The AI answers over HTTP: fewer concerts per fan keep the run to seconds. */
const AI_CONCERTS = 30;
const BANDS = 400;

function dataset(random: Random) {
  const bands = generateBands(
    random,
    Array.from({ length: BANDS }, (_, index) => index + 1),
  );
  const concerts = generateConcerts(
    random,
    Array.from({ length: CONCERTS }, (_, index) => index + 1),
    { today: '2030-06-01', bands, venues: DEMO_VENUES, maxBands: 3 },
  ).map((concert): ConcertToScore => ({
    id: concert.id,
    day: concert.day,
    hour: concert.hour,
    genre: GENRES[concert.genre]!, // the generator draws genre indexes
    name: null,
    description: concert.description,
    bands: concert.bands.map((index) => ({
      name: bands[index]!.name,
      genres: bands[index]!.genres.map((genre) => GENRES[genre]!),
    })),
  }));
  const fans = generateUsers(random, FANS, bands.length).map((user): FanTaste => ({
    topGenres: user.topGenres.map((genre) => GENRES[genre]!),
    dislikedGenres: user.dislikedGenres.map((genre) => GENRES[genre]!),
    // As fans type them: some in capitals.
    topArtists: user.topArtists.map((index) =>
      random.chance(0.3) ? bands[index]!.name.toUpperCase() : bands[index]!.name,
    ),
  }));
  return { fans, concerts };
}

interface Quality {
  rows: number;
  aboveRules: number;
  falseReasons: number;
  scores: Record<Score, number>;
  msPerFan: number;
}

async function measure(
  engine: RecommendationEngine,
  fans: FanTaste[],
  concerts: ConcertToScore[],
): Promise<Quality> {
  const quality: Quality = {
    rows: 0,
    aboveRules: 0,
    falseReasons: 0,
    scores: { extreme: 0, high: 0, medium: 0, low: 0 },
    msPerFan: 0,
  };
  const allArtists = concerts.flatMap(artistsOf);
  const byId = new Map(concerts.map((concert) => [concert.id, concert]));
  const started = performance.now();
  for (const fan of fans) {
    // Any artist of the agenda, or a favourite of the fan's, named on a concert they do not play.
    const others = [...fan.topArtists, ...allArtists];
    for (let i = 0; i < concerts.length; i += engine.batchSize) {
      const batch = concerts.slice(i, i + engine.batchSize);
      for (const row of await engine.scoreBatch(fan, batch, concerts)) {
        const concert = byId.get(row.concertId)!; // the engine scores only the batch's concerts
        quality.rows += 1;
        quality.scores[row.score] += 1;
        if (SCORE_RANK[row.score] > SCORE_RANK[judge(fan, concert).score]) quality.aboveRules += 1;
        if (reasonStatesFalsehood(row, concert, fan, others)) quality.falseReasons += 1;
      }
    }
  }
  quality.msPerFan = (performance.now() - started) / fans.length;
  return quality;
}

function rowsOf(label: string, quality: Quality): BenchResult[] {
  return [
    {
      name: `quality ${label}: stored scores above the rules (of ${quality.rows})`,
      value: quality.aboveRules,
      unit: 'rows',
      budget: '0',
      ok: quality.aboveRules === 0,
    },
    {
      name: `quality ${label}: reasons naming a genre or artist the concert lacks`,
      value: quality.falseReasons,
      unit: 'rows',
      budget: '0',
      ok: quality.falseReasons === 0,
    },
    ...SCORES.map((score) => ({
      name: `quality ${label}: ${score}`,
      value: round((100 * quality.scores[score]) / quality.rows),
      unit: '%',
    })),
    { name: `quality ${label}: time per fan`, value: round(quality.msPerFan), unit: 'ms' },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const random = createRandom('quality');
  const { fans, concerts } = dataset(random);
  const results = rowsOf(
    `built-in (${FANS} fans × ${CONCERTS} concerts)`,
    await measure(builtinEngine, fans, concerts),
  );

  // An AI that answers anything: a random score, and a reason naming a random genre and a random
  // artist of the agenda (a favourite of the fan's, half the time).
  const fake = await startFakeOpenAi();
  const answerRandom = createRandom('quality-ai');
  const names = concerts.flatMap(artistsOf);
  fake.setResponder((request) => ({
    content: concertIdsIn(request)
      .map((id) => {
        const genre = answerRandom.pick(GENRES);
        const artist = answerRandom.pick(names);
        return `${id}; ${answerRandom.pick(SCORES)}; Vuelve ${artist} con su mejor ${genre}.`;
      })
      .join('\n'),
  }));
  try {
    const ai = createOpenAiEngine({
      apiKey: 'sk-bench',
      baseUrl: fake.baseUrl,
      model: 'bench',
      batchSize: 10,
      concurrency: 4,
      timeoutMs: 10_000,
      log: createLogger('silent'),
    });
    results.push(
      ...rowsOf(
        `AI at random (${FANS} fans × ${AI_CONCERTS} concerts)`,
        await measure(ai, fans, concerts.slice(0, AI_CONCERTS)),
      ),
    );
  } finally {
    await fake.close();
  }
  return results;
}
