// The price filter of both agendas (?precio= in the URL). Ranges are budgets: "Hasta 10 €"
// includes the free concerts, "De 10 a 20 €" starts above 10. Their words: `filters.price.<value>`.
export const PRICE_RANGES = [
  { value: 'gratis', min: 0, max: 0 },
  { value: 'hasta-10', min: 0, max: 10 },
  { value: '10-20', min: 10.001, max: 20 },
  { value: 'mas-de-20', min: 20.001, max: Infinity },
] as const;

export type PriceRange = (typeof PRICE_RANGES)[number]['value'];

export function isPriceRange(value: string): value is PriceRange {
  return PRICE_RANGES.some((range) => range.value === value);
}

/** The API sends euros as a decimal string ('0.00', '12.50'); an unknown price fits no budget. */
export function priceInRange(price: string | null, range: PriceRange): boolean {
  if (price === null) return false;
  const amount = Number(price);
  if (!Number.isFinite(amount)) return false;
  const bounds = PRICE_RANGES.find((candidate) => candidate.value === range);
  return bounds !== undefined && amount >= bounds.min && amount <= bounds.max;
}
