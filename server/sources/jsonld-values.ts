// Values of schema.org properties as pages write them: a string, a number, `{ "@value" }`, an
// array of any of those; dates with or without an offset; prices as numbers or "15,00 €".
import { isObject, listOf, typesOf, type JsonObject, type Resolver } from './jsonld-graph.js';
import { isRealDate, isRealDateTime, madridWallClock, type WallClock } from './zoned-time.js';

/** The first text among a value's forms, or null. */
export function textOf(value: unknown): string | null {
  for (const item of listOf(value)) {
    if (typeof item === 'string') return item;
    if (typeof item === 'number' && Number.isFinite(item)) return String(item);
    if (isObject(item) && '@value' in item) {
      const text = textOf(item['@value']);
      if (text !== null) return text;
    }
  }
  return null;
}

/** Every text among a value's forms. */
export function textsOf(value: unknown): string[] {
  return listOf(value)
    .map((item) => textOf(item))
    .filter((text): text is string => text !== null);
}

/** An @id or the text of a value that names a schema.org enumeration member. */
export function memberOf(value: unknown): string | null {
  for (const item of listOf(value)) {
    if (isObject(item) && typeof item['@id'] === 'string') return item['@id'];
    const text = textOf(item);
    if (text !== null) return text;
  }
  return null;
}

const DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A startDate as Madrid's wall clock: with an offset or Z through the instant; without one it is
 * taken as Madrid's own time; a date alone has no hour. Null when it is no date at all.
 */
export function startOf(value: string): WallClock | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, offset] = match;
  const fields = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0),
  };
  if (!isRealDate(fields)) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${y}-${pad(fields.month)}-${pad(fields.day)}`;
  if (h === undefined) return { day, hour: null };
  if (!isRealDateTime(fields)) return null;
  if (!offset) return { day, hour: `${pad(fields.hour)}:${pad(fields.minute)}` };
  const wall = Date.UTC(
    fields.year,
    fields.month - 1,
    fields.day,
    fields.hour,
    fields.minute,
    fields.second,
  );
  return madridWallClock(wall - offsetMinutes(offset) * 60_000);
}

function offsetMinutes(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0);
  return offset.startsWith('-') ? -minutes : minutes;
}

// Prices above this are a misread (a phone number, a year), not a concert ticket.
const MAX_PRICE_CENTS = 100_000_00;

/**
 * A price in cents: a number, or the first amount in a string ("15,00 €", "€15", "1.234,50",
 * "desde 12 €"). The last separator followed by one or two digits is the decimal one; a separator
 * followed by three digits groups thousands. Null when there is no amount.
 */
export function priceCents(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * 100);
    return cents <= MAX_PRICE_CENTS ? cents : null;
  }
  const text = textOf(value);
  if (text === null) return null;
  const amount = /\d+(?:[.,]\d+)*/.exec(text.slice(0, 100))?.[0];
  if (!amount) return null;
  const decimal = /[.,](\d{1,2})$/.exec(amount);
  const whole = (decimal ? amount.slice(0, decimal.index) : amount).replace(/[.,]/g, '');
  const cents = Number(whole) * 100 + (decimal ? Number((decimal[1] ?? '').padEnd(2, '0')) : 0);
  return Number.isSafeInteger(cents) && cents <= MAX_PRICE_CENTS ? cents : null;
}

export const formatCents = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export interface OfferFacts {
  cents: number | null;
  currency: string | null;
  url: string | null;
}

const CURRENCY = /^[A-Z]{3}$/;

/**
 * What the offers say, for Offer, AggregateOffer and arrays of them: the lowest price any gives
 * (price, lowPrice or a priceSpecification's price), its currency, and the first ticket address.
 * Availability is not read.
 */
export function offerFacts(value: unknown, resolve: Resolver): OfferFacts {
  const offers = listOf(value)
    .map(resolve)
    .filter((offer): offer is JsonObject => isObject(offer));
  let best: { cents: number; currency: string | null } | null = null;
  let anyCurrency: string | null = null;
  let url: string | null = null;
  for (const offer of offers) {
    const currency = currencyOf(offer);
    anyCurrency ??= currency;
    url ??= textOf(offer.url);
    const specifications = listOf(offer.priceSpecification)
      .map(resolve)
      .filter((spec): spec is JsonObject => isObject(spec));
    const amounts = [
      offer.price,
      offer.lowPrice,
      ...specifications.flatMap((s) => [s.price, s.minPrice]),
    ];
    for (const amount of amounts) {
      const cents = priceCents(amount);
      if (cents === null) continue;
      const shown = currency ?? specifications.map(currencyOf).find((c) => c) ?? euroSign(amount);
      if (!best || cents < best.cents) best = { cents, currency: shown };
    }
  }
  return { cents: best?.cents ?? null, currency: best?.currency ?? anyCurrency, url };
}

function currencyOf(node: JsonObject): string | null {
  const text = textOf(node.priceCurrency)?.trim().toUpperCase();
  return text && CURRENCY.test(text) ? text : null;
}

// "15,00 €" names its currency even without priceCurrency.
const euroSign = (amount: unknown) => (textOf(amount)?.includes('€') ? 'EUR' : null);

/** isAccessibleForFree as pages write it: true, "true", "True", schema:True. */
export function saysFree(value: unknown): boolean {
  const first = listOf(value)[0];
  if (first === true) return true;
  const text = memberOf(first);
  return text !== null && /^(?:(?:https?:\/\/schema\.org\/|schema:)?true)$/i.test(text.trim());
}

/** Whether a node is only a virtual place (an online event's location). */
export const isVirtual = (node: JsonObject) => typesOf(node).includes('VirtualLocation');
