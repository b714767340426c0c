import {
  completeAnswer,
  parseAnswer,
  pendingReason,
} from '../server/recommendations/parse-answer.js';
import { defined } from './helpers/defined.js';

const ids = [11, 12, 13];
const entries = (text: string, batch = ids) => [...parseAnswer(text, batch)];

describe('parseAnswer', () => {
  it('reads one "Concert ID; Rating; Reason" line per concert', () => {
    const text = [
      '11; extreme; ¡Tocan Sa Fosca, tu banda favorita!',
      '12; high; Te encanta el rock.',
      '13; low; No es lo tuyo.',
    ].join('\n');
    expect(entries(text)).toEqual([
      [11, { score: 'extreme', reason: '¡Tocan Sa Fosca, tu banda favorita!' }],
      [12, { score: 'high', reason: 'Te encanta el rock.' }],
      [13, { score: 'low', reason: 'No es lo tuyo.' }],
    ]);
  });

  it.each([
    ['extra spaces', '   12  ;   high   ;   Te encanta el rock.   '],
    ['a leading "- "', '- 12; high; Te encanta el rock.'],
    ['a leading "* "', '* 12; high; Te encanta el rock.'],
    ['numbering "1. "', '1. 12; high; Te encanta el rock.'],
    ['numbering "1) "', '1) 12; high; Te encanta el rock.'],
    ['a "Concert ID:" label', 'Concert ID: 12; high; Te encanta el rock.'],
    ['an "ID" label', 'ID 12; high; Te encanta el rock.'],
    ['the rating in capitals', '12; HIGH; Te encanta el rock.'],
    ['the rating capitalised', '12; High; Te encanta el rock.'],
    ['the rating in bold', '12; **high**; Te encanta el rock.'],
    ['Windows line ends', '12; high; Te encanta el rock.\r\n'],
  ])('tolerates %s', (_what, line) => {
    expect(entries(line)).toEqual([[12, { score: 'high', reason: 'Te encanta el rock.' }]]);
  });

  it('ignores lines it cannot read', () => {
    const text = [
      'Aquí tienes las valoraciones:',
      'Concert ID; Rating; Reason',
      '',
      '12 - high - Te encanta el rock.',
      '12; high',
      'twelve; high; Te encanta el rock.',
      '```',
      '13; medium; El indie está cerca del rock.',
      '¡Espero que te sirva!',
    ].join('\n');
    expect(entries(text)).toEqual([
      [13, { score: 'medium', reason: 'El indie está cerca del rock.' }],
    ]);
  });

  it('returns nothing for garbage', () => {
    expect(parseAnswer('Lo siento, no puedo ayudarte con eso.', ids).size).toBe(0);
    expect(parseAnswer('', ids).size).toBe(0);
    expect(parseAnswer('{"error": "rate limited"}', ids).size).toBe(0);
  });

  it('ignores ids that are not in the batch', () => {
    const text = '99; extreme; Inventado.\n12; high; Te encanta el rock.\n1; low; Tampoco.';
    expect(entries(text)).toEqual([[12, { score: 'high', reason: 'Te encanta el rock.' }]]);
  });

  it.each(['alta', 'extremo', 'great', 'very high', '5', ''])(
    'ignores a line with the rating word "%s"',
    (rating) => {
      expect(parseAnswer(`12; ${rating}; Te encanta el rock.`, ids).size).toBe(0);
    },
  );

  it('keeps the rest of the line when the reason contains ";"', () => {
    expect(entries('12; medium; Es indie; muy cerca del rock; te gustará.')).toEqual([
      [12, { score: 'medium', reason: 'Es indie; muy cerca del rock; te gustará.' }],
    ]);
  });

  it('ignores a line with an empty reason', () => {
    expect(parseAnswer('12; high;', ids).size).toBe(0);
    expect(parseAnswer('12; high;    ', ids).size).toBe(0);
  });

  it('keeps the first line when an id comes twice', () => {
    expect(entries('12; high; Primera.\n12; low; Segunda.')).toEqual([
      [12, { score: 'high', reason: 'Primera.' }],
    ]);
  });

  it('cuts a runaway reason', () => {
    const [, rating] = defined(entries(`12; high; ${'muy '.repeat(200)}bueno`)[0], 'la valoración');
    expect(rating.reason.length).toBeLessThanOrEqual(300);
    expect(rating.reason.endsWith('…')).toBe(true);
  });
});

describe('completeAnswer', () => {
  it('gives every concert the AI left out low with the pending reason, in batch order', () => {
    const parsed = parseAnswer('13; high; Te encanta el jazz.', ids);
    expect([...completeAnswer(parsed, ids)]).toEqual([
      [11, { score: 'low', reason: 'Estoy pensando en ello...' }],
      [12, { score: 'low', reason: 'Estoy pensando en ello...' }],
      [13, { score: 'high', reason: 'Te encanta el jazz.' }],
    ]);
    expect(pendingReason()).toBe('Estoy pensando en ello...');
  });

  it("says it in the fan's language", () => {
    const parsed = parseAnswer('13; high; T’encanta el jazz.', ids);
    expect(completeAnswer(parsed, ids, 'ca').get(11)).toEqual({
      score: 'low',
      reason: 'Hi estic pensant...',
    });
  });

  it('changes nothing when every concert was rated', () => {
    const parsed = parseAnswer('11; low; A.\n12; medium; B.\n13; high; C.', ids);
    expect([...completeAnswer(parsed, ids).values()].map((rating) => rating.score)).toEqual([
      'low',
      'medium',
      'high',
    ]);
  });
});
