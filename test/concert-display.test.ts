// How a concert is shown (common/concerts/display.ts): its names, title, day, price and page, the
// same rules on every surface, each with its own words.
import {
  concertDay,
  concertNames,
  concertPathOf,
  concertPrice,
  concertTitle,
} from '../common/concerts/display';
import { concertPath } from '../common/concerts/page-address';

const free = (id: 'price.free' | 'price.unknown') =>
  id === 'price.free' ? 'Gratis' : 'Precio por confirmar';

describe('concertNames', () => {
  it("lists the linked bands, else the concert's free name, else nothing", () => {
    expect(concertNames({ bands: ['A', 'B'], name: 'Libre' })).toEqual(['A', 'B']);
    expect(concertNames({ bands: [], name: 'Trío de Sóller' })).toEqual(['Trío de Sóller']);
    expect(concertNames({ bands: [], name: null })).toEqual([]);
  });

  it("takes the API's bands as they come, with their names", () => {
    const bands = [
      { id: 1, name: 'Sa Fósca' },
      { id: 2, name: 'Ona' },
    ];
    expect(concertNames({ bands, name: null })).toEqual(['Sa Fósca', 'Ona']);
  });

  it('takes a blank free name for none, and trims one', () => {
    expect(concertNames({ bands: [], name: '  ' })).toEqual([]);
    expect(concertNames({ bands: [], name: '' })).toEqual([]);
    expect(concertNames({ bands: [], name: ' Nit de jazz ' })).toEqual(['Nit de jazz']);
  });
});

describe('concertTitle', () => {
  const unnamed = () => 'Concierto de rock';

  it("joins the bands with ' + ' unless the surface says otherwise", () => {
    const concert = { bands: ['A', 'B'], name: null };
    expect(concertTitle(concert, { unnamed })).toBe('A + B');
    expect(concertTitle(concert, { unnamed, joiner: ', ' })).toBe('A, B');
  });

  it("is the concert's own name without bands, and the surface's word without either", () => {
    expect(concertTitle({ bands: [], name: 'Nit de jazz' }, { unnamed })).toBe('Nit de jazz');
    expect(concertTitle({ bands: [], name: null }, { unnamed })).toBe('Concierto de rock');
    expect(concertTitle({ bands: [], name: '' }, { unnamed })).toBe('Concierto de rock');
  });

  it('words the fallback only when it is needed', () => {
    const never = jest.fn(() => 'Concierto');
    expect(concertTitle({ bands: ['A'], name: null }, { unnamed: never })).toBe('A');
    expect(never).not.toHaveBeenCalled();
  });
});

describe('concertDay', () => {
  it('writes a calendar day in the reader’s language, whatever the time zone', () => {
    expect(concertDay('es', '2026-11-28')).toBe('sábado, 28 de noviembre');
    expect(concertDay('es', '2026-11-28', true)).toBe('sábado, 28 de noviembre de 2026');
    expect(concertDay('ca', '2025-07-05')).toBe('dissabte, 5 de juliol');
    expect(concertDay('ca', '2025-07-05', true)).toBe('dissabte, 5 de juliol del 2025');
  });
});

describe('concertPrice', () => {
  it("is the surface's word for free at 0 and for unknown at null, else euros", () => {
    expect(concertPrice('es', '0.00', free)).toBe('Gratis');
    expect(concertPrice('es', '12.50', free)).toBe('12,50\u00a0€');
    expect(concertPrice('ca', '1234.00', free)).toBe('1.234,00\u00a0€');
    expect(concertPrice('es', null, free)).toBe('Precio por confirmar');
  });
});

describe('concertPathOf', () => {
  it("is the page's address from the concert's names, venue and day", () => {
    const concert = { id: 12, venue: 'Es Gremi', day: '2026-11-28' };
    expect(concertPathOf({ ...concert, bands: [{ name: 'Los Planetas' }], name: 'Gira' })).toBe(
      '/conciertos/12-los-planetas-es-gremi-28-noviembre-2026',
    );
    expect(concertPathOf({ ...concert, bands: [], name: 'Gira' })).toBe(
      concertPath(12, { bands: ['Gira'], venue: 'Es Gremi', day: '2026-11-28' }),
    );
  });
});
