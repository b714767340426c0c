import { eurosIn } from '@common/format/locale';
import { formatLongDay } from '@/lib/dates';
import { useAppIntl } from './IntlContext';

export type Formats = ReturnType<typeof useFormats>;

/** Days and prices in the page's language: 'sábado, 5 de julio' / 'dissabte, 5 de juliol'. */
export function useFormats() {
  const { locale, intl } = useAppIntl();
  return {
    /** A 'yyyy-MM-dd' day; unparseable input is returned as is. */
    longDay: (day: string) => formatLongDay(locale, day),
    /**
     * '0.00' → 'Gratis' / 'Gratuït', '12.50' → '12,50 €', null (unknown, never free) → 'Precio por
     * confirmar' / 'Preu per confirmar'. The API sends euros as a decimal string.
     */
    price: (price: string | null) => {
      if (price === null) return intl.formatMessage({ id: 'price.unknown' });
      const amount = Number(price);
      if (!Number.isFinite(amount)) return price;
      return amount === 0 ? intl.formatMessage({ id: 'price.free' }) : eurosIn(locale, amount);
    },
  };
}
