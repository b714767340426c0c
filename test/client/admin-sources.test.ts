// The sources' forms checked in the browser (client/src/features/admin/shared/validation.ts on
// common/sources/schemas.ts): what they send, and the field a problem marks.
import { checkApproval, checkSource } from '../../client/src/features/admin/shared/validation';

const listed = { id: 7, name: 'Es Gremi', town: 'Palma', known: true };
const source = {
  url: 'https://esgremi.example/agenda.ics',
  name: 'Es Gremi',
  venue: '',
  genre: '',
  mode: 'review',
};
const approval = { hour: '', venue: '', venueTown: '', genre: '', price: '' };

describe('checkSource', () => {
  it('sends review by default, a default venue of the list by its id, a blank genre as none', () => {
    expect(checkSource(source, undefined).data).toEqual({
      url: source.url,
      name: 'Es Gremi',
      review: true,
      genre: null,
      venueId: null,
    });
    expect(
      checkSource({ ...source, venue: 'es gremi', genre: 'Rock', mode: 'direct' }, listed).data,
    ).toEqual({ url: source.url, name: 'Es Gremi', review: false, genre: 'Rock', venueId: 7 });
  });

  it.each([
    [{ url: '' }, undefined, 'url', 'error.source.urlMissing'],
    [{ url: 'ftp://x.example/a.ics' }, undefined, 'url', 'error.source.urlInvalid'],
    [{ name: ' ' }, undefined, 'name', 'error.source.nameMissing'],
    [{ venue: 'Sala que no está' }, undefined, 'venue', 'error.venue.badChoice'],
  ])('refuses %j', (change, known, field, message) => {
    expect(checkSource({ ...source, ...change }, known).problem).toEqual([field, message]);
  });
});

describe('checkApproval', () => {
  it('sends only what was filled in: the listed venue by id, a new one with its town', () => {
    expect(checkApproval(approval, undefined).data).toEqual({});
    expect(
      checkApproval({ ...approval, hour: '21:30', price: '12', venue: 'Es Gremi' }, listed).data,
    ).toEqual({ hour: '21:30', price: '12', venueId: 7 });
    expect(
      checkApproval(
        { ...approval, venue: ' Sala Nova ', venueTown: 'Inca', genre: 'Jazz' },
        undefined,
      ).data,
    ).toEqual({
      genre: 'Jazz',
      newVenue: { name: 'Sala Nova', town: 'Inca', address: null, website: null },
    });
  });

  it('marks the field of a problem', () => {
    expect(checkApproval({ ...approval, hour: '25:00' }, undefined).problem).toEqual([
      'hour',
      'error.concert.badHour',
    ]);
    expect(checkApproval({ ...approval, venue: 'Sala Nova' }, undefined).problem).toEqual([
      'venueTown',
      'error.venue.townMissing',
    ]);
    expect(checkApproval({ ...approval, price: '-1' }, undefined).problem?.[0]).toBe('price');
  });
});
