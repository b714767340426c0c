// The demo programme: about 60 invented concerts over the next 8 weeks, planned from a date so
// the same day always gives the same programme.
import { addDays } from '../lib/time.js';
import type { DemoBand } from './bands.js';
import { createRandom, type Random } from './random.js';
import type { DemoVenue } from './venues.js';

const DEMO_CONCERT_COUNT = 60;
/** Concerts fall on today .. today + DEMO_DAYS - 1 (8 weeks). */
const DEMO_DAYS = 56;
const FREE_COUNT = 10;
const MULTI_BAND_COUNT = 10;

export interface PlannedConcert {
  day: string;
  /** HH:mm:ss, Mallorca wall-clock time. */
  hour: string;
  venue: DemoVenue;
  /** The main band first. */
  bands: [DemoBand, ...DemoBand[]];
  /** numeric(8,2) as text; '0.00' is free. */
  price: string;
  description: string;
}

// prettier-ignore
const EVENING_HOURS = [
  '18:00', '18:30', '19:00', '19:30', '20:00', '20:30',
  '21:00', '21:30', '22:00', '22:30', '23:00', '23:30',
];
const PRICES_EUR = [8, 10, 12, 12.5, 15, 18, 20, 22, 25, 28, 30, 35, 40, 45];

function pickHour(random: Random): string {
  const roll = random.next();
  // A few lunchtime sessions and a favourite 20:30 slot, as real listings have.
  if (roll < 0.06) return '12:00:00';
  if (roll < 0.18) return '20:30:00';
  return `${random.pick(EVENING_HOURS)}:00`;
}

function formatPrice(euros: number): string {
  const cents = Math.round(euros * 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function genrePhrase(genre: string): string {
  return genre === 'R&B' ? genre : genre.toLowerCase();
}

/** "del rock" but "de la música electrónica". */
function ofGenre(genre: string): string {
  return genre === 'Música Electrónica'
    ? `de la ${genrePhrase(genre)}`
    : `del ${genrePhrase(genre)}`;
}

/** Several bands, or one named "Los ...", take a plural verb. */
function isPlural(bands: PlannedConcert['bands']): boolean {
  return bands.length > 1 || /^(Los|Las|Les|Els) /.test(bands[0].name);
}

/** Main band plus 1 or 2 guests, preferring bands that share a genre with it. */
function withGuests(
  main: DemoBand,
  all: readonly DemoBand[],
  random: Random,
): [DemoBand, ...DemoBand[]] {
  const others = all.filter((band) => band !== main);
  const related = others.filter((band) => band.genres.some((g) => main.genres.includes(g)));
  const pool = random.shuffle(related.length >= 2 ? related : others);
  return [main, ...pool.slice(0, random.int(1, 2))];
}

export function bandnameOf(bands: readonly DemoBand[]): string {
  return bands.map((band) => band.name).join(' + ');
}

function describe(concert: Omit<PlannedConcert, 'description'>, random: Random): string {
  const names = bandnameOf(concert.bands);
  const plural = isPlural(concert.bands);
  const mainGenre = concert.bands[0].genres[0];
  const genre = genrePhrase(mainGenre);
  const { name: venue, town } = concert.venue;
  const templates = [
    `Una cita imprescindible para los amantes ${ofGenre(mainGenre)}: ${names} en ${venue}, ${town}.`,
    `${names} ${plural ? 'presentan' : 'presenta'} su nuevo repertorio de ${genre} en ${venue}.`,
  ];
  if (concert.hour === '12:00:00') {
    templates.push(`Sesión de mediodía de ${genre} en ${venue} (${town}) con ${names}.`);
  } else {
    templates.push(
      `${names} ${plural ? 'llegan' : 'llega'} a ${venue} (${town}) con una noche de ${genre} en directo.`,
      `Noche de ${genre} en ${town} con ${names} sobre el escenario de ${venue}.`,
    );
  }
  return random.pick(templates);
}

export function planDemoConcerts(
  today: string,
  bands: readonly DemoBand[],
  venues: readonly DemoVenue[],
): PlannedConcert[] {
  const random = createRandom(`demo-concerts:${today}`);
  // Every band plays at least once; the rest of the programme picks at random.
  const mains = random.shuffle(bands);
  while (mains.length < DEMO_CONCERT_COUNT) mains.push(random.pick(bands));
  const indices = Array.from({ length: DEMO_CONCERT_COUNT }, (_, i) => i);
  const free = new Set(random.shuffle(indices).slice(0, FREE_COUNT));
  const multiBand = new Set(random.shuffle(indices).slice(0, MULTI_BAND_COUNT));

  return indices.map((i) => {
    // The first three are today (late) and tomorrow, so the landing is never empty after seeding.
    const fixed = [
      { day: today, hour: '23:30:00' },
      { day: addDays(today, 1), hour: '20:30:00' },
      { day: addDays(today, 1), hour: '22:00:00' },
    ][i];
    const main = mains[i]!; // the loop above filled mains to DEMO_CONCERT_COUNT
    const planned: Omit<PlannedConcert, 'description'> = {
      day: fixed?.day ?? addDays(today, random.int(0, DEMO_DAYS - 1)),
      hour: fixed?.hour ?? pickHour(random),
      venue: random.pick(venues),
      bands: multiBand.has(i) ? withGuests(main, bands, random) : [main],
      price: free.has(i) ? '0.00' : formatPrice(random.pick(PRICES_EUR)),
    };
    return { ...planned, description: describe(planned, random) };
  });
}
