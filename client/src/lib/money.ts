import { spanishEuros } from '@common/format/spanish';

/** '0.00' → 'Gratis', '12.50' → '12,50 €'. The API sends euros as a decimal string. */
export function formatPrice(price: string): string {
  const amount = Number(price);
  if (!Number.isFinite(amount)) return price;
  return amount === 0 ? 'Gratis' : spanishEuros(amount);
}
