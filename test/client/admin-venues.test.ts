// The admin's venue checks in the browser (client/src/features/admin/validation.ts, venues.ts):
// the same rules the server applies, so a bad field is marked before anything is sent.
import { knownVenue, newVenueOf } from '../../client/src/features/admin/venues';
import { concertProblem, venueProblem } from '../../client/src/features/admin/validation';

const venue = { name: 'Sa Sala', town: 'Palma', address: '', website: '', lat: '', lon: '' };

describe('venueProblem', () => {
  it('accepts a venue with only a name and a town, or with every field', () => {
    expect(venueProblem(venue)).toBeUndefined();
    expect(
      venueProblem({
        ...venue,
        address: 'Carrer Major 1',
        website: 'http://sasala.example',
        lat: '-39.5',
        lon: ' 180 ',
      }),
    ).toBeUndefined();
  });

  it.each([
    [{ name: ' ' }, 'name', 'Indica el nombre de la sala.'],
    [{ town: '' }, 'town', 'Indica el municipio de la sala.'],
    [{ website: 'ftp://sasala.example' }, 'website', 'La web de la sala no es válida.'],
    [{ website: 'sasala.example' }, 'website', 'La web de la sala no es válida.'],
    [{ lat: '90.01' }, 'lat', 'La latitud debe ser un número entre -90 y 90.'],
    [{ lat: '1e1' }, 'lat', 'La latitud debe ser un número entre -90 y 90.'],
    [{ lon: '-181' }, 'lon', 'La longitud debe ser un número entre -180 y 180.'],
    [{ lon: 'este' }, 'lon', 'La longitud debe ser un número entre -180 y 180.'],
  ])('refuses %j', (change, field, message) => {
    expect(venueProblem({ ...venue, ...change })).toEqual([field, message]);
  });
});

describe('knownVenue', () => {
  const venues = [
    { id: 1, name: 'Sa Possessió', town: 'Palma', known: true },
    { id: 2, name: 'Bar Ñu', town: null, known: false },
  ];

  it('finds a listed venue with accents, case and surrounding spaces aside', () => {
    expect(knownVenue(venues, ' SA POSSESSIO ')?.id).toBe(1);
    expect(knownVenue(venues, 'sa possessió')?.id).toBe(1);
    expect(knownVenue(venues, 'Sa Possessió Nova')).toBeUndefined();
  });

  it('never picks a name only found on concerts', () => {
    expect(knownVenue(venues, 'bar nu')).toBeUndefined();
  });
});

describe('a new venue from the concert form', () => {
  const concert = {
    day: '2030-01-01',
    genre: 'Rock',
    venue: 'Sala Nueva',
    venueTown: 'Inca',
    venueAddress: '',
    venueWebsite: '',
    isNewVenue: true,
    hour: '21:00',
    price: '10',
    imageUrl: '',
  };

  it('needs a town, and a website only if it is http(s)', () => {
    expect(concertProblem(concert)).toBeUndefined();
    expect(concertProblem({ ...concert, venueTown: ' ' })).toEqual([
      'venueTown',
      'Indica el municipio de la sala.',
    ]);
    expect(concertProblem({ ...concert, venueWebsite: 'javascript:alert(1)' })).toEqual([
      'venueWebsite',
      'La web de la sala no es válida.',
    ]);
    expect(concertProblem({ ...concert, isNewVenue: false, venueWebsite: 'x' })).toBeUndefined();
  });

  it('sends the optional address and website trimmed', () => {
    expect(
      newVenueOf(' Sala Nueva ', {
        venueTown: ' Inca ',
        venueAddress: ' Plaça 1 ',
        venueWebsite: ' https://nueva.example ',
      }),
    ).toEqual({
      name: 'Sala Nueva',
      town: 'Inca',
      address: 'Plaça 1',
      website: 'https://nueva.example',
    });
  });
});
