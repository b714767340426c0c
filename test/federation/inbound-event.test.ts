// What a followed agenda's Event reads as: Gancio's address as text, Mobilizon's as a
// PostalAddress, a Spanish name among several languages, a cancellation, and what is left out.
import { readInboundEvent } from '../../server/federation/inbound-event.js';

const NOW = new Date('2030-09-01T08:00:00Z');
const base = {
  id: 'https://gancio.example/event/concierto-1',
  type: 'Event',
  name: 'Maria Jaume',
  startTime: '2030-10-12T19:30:00Z',
  location: { type: 'Place', name: 'Es Gremi', address: 'Carrer Gremi de Porgadors 16, Palma' },
};

it('reads a Gancio event: Madrid time, the place and its address, tags, the picture', () => {
  const read = readInboundEvent(
    {
      ...base,
      content: '<p>Presenta <b>su disco</b>.</p>',
      tag: [{ type: 'Hashtag', name: '#Rock' }],
      attachment: [
        { type: 'Document', mediaType: 'image/jpeg', url: 'https://gancio.example/media/1.jpg' },
      ],
    },
    NOW,
  );
  expect(read).toEqual({
    event: expect.objectContaining({
      key: base.id,
      name: 'Maria Jaume',
      day: '2030-10-12',
      hour: '21:30',
      venue: { name: 'Es Gremi', address: 'Carrer Gremi de Porgadors 16, Palma' },
      description: 'Presenta su disco.',
      price: null,
      url: base.id,
      imageUrl: 'https://gancio.example/media/1.jpg',
      status: 'scheduled',
      categories: ['Rock'],
    }),
  });
});

it('reads a Mobilizon event: a PostalAddress, names in several languages, a cancellation', () => {
  const read = readInboundEvent(
    {
      ...base,
      name: undefined,
      nameMap: { en: 'Concert', es: 'Concierto de otoño' },
      'ical:status': 'CANCELLED',
      location: {
        type: 'Place',
        name: 'Es Gremi',
        address: {
          type: 'PostalAddress',
          streetAddress: 'Carrer Gremi 16',
          addressLocality: 'Palma',
        },
      },
    },
    NOW,
  );
  expect(read).toEqual({
    event: expect.objectContaining({
      name: 'Concierto de otoño',
      status: 'cancelled',
      venue: { name: 'Es Gremi', address: 'Carrer Gremi 16, Palma' },
    }),
  });
});

it('reads our own cancelled events back ("CANCELADO: …") as cancelled, named without the word', () => {
  const read = readInboundEvent({ ...base, name: 'CANCELADO: Los Planetas' }, NOW);
  expect(read).toEqual({
    event: expect.objectContaining({ name: 'Los Planetas', status: 'cancelled' }),
  });
});

it.each([
  [{ ...base, name: '' }, 'no-name'],
  [{ ...base, startTime: 'pronto' }, 'no-start'],
  [{ ...base, startTime: '2030-08-01T20:00:00Z' }, 'past'],
  [{ ...base, startTime: '2031-12-01T20:00:00Z' }, 'beyond-horizon'],
  [{ ...base, id: 'urn:x' }, 'no-name'],
])('leaves out %j (%s)', (node, reason) => {
  expect(readInboundEvent(node, NOW)).toEqual({ skipped: reason });
});
