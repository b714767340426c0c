// The admin's venue checks in the browser (client/src/features/admin/shared/validation.ts on the
// API's zod schemas, client/src/components/concert-fields/venueChoice.ts): the server's own rules,
// so a bad field is marked before anything is sent, with its message's catalogue id.
import { knownVenue } from '../../client/src/components/concert-fields/venueChoice';
import { checkConcert, checkVenue } from '../../client/src/features/admin/shared/validation';

const venue = { name: 'Sa Sala', town: 'Palma', address: '', website: '', lat: '', lon: '' };

describe('checkVenue', () => {
  it('accepts a venue with only a name and a town, or with every field', () => {
    expect(checkVenue(venue).problem).toBeUndefined();
    expect(
      checkVenue({
        ...venue,
        address: 'Carrer Major 1',
        website: 'http://sasala.example',
        lat: '-39.5',
        lon: ' 180 ',
      }).problem,
    ).toBeUndefined();
  });

  it.each([
    [{ name: ' ' }, 'name', 'error.venue.nameMissing'],
    [{ town: '' }, 'town', 'error.venue.townMissing'],
    [{ website: 'ftp://sasala.example' }, 'website', 'error.venue.websiteInvalid'],
    [{ website: 'sasala.example' }, 'website', 'error.venue.websiteInvalid'],
    [{ lat: '90.01' }, 'lat', 'error.venue.badLatitude'],
    [{ lat: '39,57' }, 'lat', 'error.venue.badLatitude'],
    [{ lon: '-181' }, 'lon', 'error.venue.badLongitude'],
    [{ lon: 'este' }, 'lon', 'error.venue.badLongitude'],
  ])('refuses %j', (change, field, message) => {
    expect(checkVenue({ ...venue, ...change }).problem).toEqual([field, message]);
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
    hour: '21:00',
    price: '10',
    ticketUrl: '',
    name: '',
    description: '',
    imageUrl: '',
  };
  const listed = { id: 7, name: 'Sala Nueva', town: 'Inca', known: true };

  it('needs a town, and a website only if it is http(s)', () => {
    expect(checkConcert(concert, undefined).problem).toBeUndefined();
    expect(checkConcert({ ...concert, venueTown: ' ' }, undefined).problem).toEqual([
      'venueTown',
      'error.venue.townMissing',
    ]);
    expect(
      checkConcert({ ...concert, venueWebsite: 'javascript:alert(1)' }, undefined).problem,
    ).toEqual(['venueWebsite', 'error.venue.websiteInvalid']);
    expect(checkConcert({ ...concert, venueWebsite: 'x' }, listed).problem).toBeUndefined();
  });

  it('sends the optional address and website trimmed, or the listed venue by its id', () => {
    const typed = {
      ...concert,
      venue: ' Sala Nueva ',
      venueTown: ' Inca ',
      venueAddress: ' Plaça 1 ',
      venueWebsite: ' https://nueva.example ',
    };
    expect(checkConcert(typed, undefined).data?.newVenue).toEqual({
      name: 'Sala Nueva',
      town: 'Inca',
      address: 'Plaça 1',
      website: 'https://nueva.example',
    });
    expect(checkConcert(typed, listed).data).toMatchObject({ venueId: 7 });
    expect(checkConcert(typed, listed).data?.newVenue).toBeUndefined();
  });

  it('says a blank required field is missing rather than badly written', () => {
    expect(checkConcert({ ...concert, day: '' }, undefined).problem).toEqual([
      'day',
      'error.concert.dayMissing',
    ]);
    expect(checkConcert({ ...concert, genre: '' }, undefined).problem).toEqual([
      'genre',
      'error.genre.missing',
    ]);
    expect(checkConcert({ ...concert, venue: ' ' }, undefined).problem).toEqual([
      'venue',
      'error.venue.nameMissing',
    ]);
  });
});
