// How a request picks its language (common/i18n/negotiation.ts): `?lang=`, the fan's saved choice,
// the `lang` cookie, Accept-Language with its q-values, then Spanish.
import {
  localeOfAcceptLanguage,
  localeOfCookieHeader,
  negotiateLocale,
} from '../common/i18n/negotiation.js';

describe('negotiateLocale', () => {
  it('takes the saved choice over the cookie, the cookie over the browser, and Spanish last', () => {
    const all = { saved: 'ca', cookieHeader: 'lang=es', acceptLanguage: 'ca' };
    expect(negotiateLocale(all)).toBe('ca');
    expect(negotiateLocale({ ...all, saved: 'es', acceptLanguage: 'ca' })).toBe('es');
    expect(negotiateLocale({ ...all, saved: null })).toBe('es');
    expect(negotiateLocale({ saved: null, cookieHeader: 'lang=ca', acceptLanguage: 'es' })).toBe(
      'ca',
    );
    expect(negotiateLocale({ cookieHeader: 'sid=x', acceptLanguage: 'ca-ES,es;q=0.8' })).toBe('ca');
    expect(negotiateLocale({ acceptLanguage: 'en-GB,fr;q=0.9' })).toBe('es');
    expect(negotiateLocale({})).toBe('es');
  });

  it('lets an address with ?lang= decide, and ignores values that are no language of ours', () => {
    expect(negotiateLocale({ asked: 'ca', saved: 'es', cookieHeader: 'lang=es' })).toBe('ca');
    expect(negotiateLocale({ asked: 'fr', saved: 'xx', cookieHeader: 'lang=ca' })).toBe('ca');
    expect(negotiateLocale({ cookieHeader: 'lang=CA', acceptLanguage: 'ca' })).toBe('ca');
  });
});

describe('localeOfAcceptLanguage', () => {
  it.each([
    ['ca', 'ca'],
    ['ca-ES', 'ca'],
    ['ca-ES-valencia', 'ca'],
    ['es-ES,ca;q=0.9', 'es'],
    ['en;q=1,ca;q=0.5,es;q=0.7', 'es'],
    ['es;q=0.2, ca;q=0.9, en', 'ca'],
    ['ca;q=0,es;q=0.1', 'es'],
    ['en-US,de', undefined],
    ['', undefined],
    ['ca;q=abc', undefined],
  ])('%j → %s', (header, locale) => {
    expect(localeOfAcceptLanguage(header)).toBe(locale);
  });
});

describe('localeOfCookieHeader', () => {
  it('reads the lang cookie among others, and nothing else', () => {
    expect(localeOfCookieHeader('a=1; lang=ca; b=2')).toBe('ca');
    expect(localeOfCookieHeader('xlang=ca')).toBeUndefined();
    expect(localeOfCookieHeader('lang=fr')).toBeUndefined();
    expect(localeOfCookieHeader(undefined)).toBeUndefined();
  });
});
