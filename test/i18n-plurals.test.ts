// Counts in the admin's texts (and the server's and the app's) agree with their number in both
// languages: «1 resultado», «2 resultados», never «1 resultados». Each is an ICU plural, rendered
// here with 1 and 2 as the app renders it (intl-messageformat, which react-intl and the server use).
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import adminCa from '../common/i18n/admin/ca.json';
import adminEs from '../common/i18n/admin/es.json';
import ca from '../common/i18n/ca.json';
import es from '../common/i18n/es.json';
import serverCa from '../common/i18n/server/ca.json';
import serverEs from '../common/i18n/server/es.json';

type Catalogue = Record<string, string>;
const CATALOGUES: Record<'es' | 'ca', Catalogue> = {
  es: { ...es, ...adminEs, ...serverEs },
  ca: { ...ca, ...adminCa, ...serverCa },
};

const render = (locale: 'es' | 'ca', id: string, values: Record<string, unknown>) =>
  new IntlMessageFormat(CATALOGUES[locale][id]!, locale).format(values) as string;

/** id, the values with the count set to n, and what es and ca say for 1 and for 2. */
const COUNTS: [
  string,
  (n: number) => Record<string, unknown>,
  [string, string],
  [string, string],
][] = [
  [
    'admin.picker.found',
    (n) => ({ count: n }),
    ['1 resultado', '2 resultados'],
    ['1 resultat', '2 resultats'],
  ],
  [
    'admin.concerts.count',
    (n) => ({ count: n }),
    ['1 concierto', '2 conciertos'],
    ['1 concert', '2 concerts'],
  ],
  [
    'admin.concertCount',
    (n) => ({ count: n }),
    ['· 1 concierto', '· 2 conciertos'],
    ['· 1 concert', '· 2 concerts'],
  ],
  [
    'admin.concert.likes',
    (n) => ({ count: n }),
    ['· 1 like', '· 2 likes'],
    ['· 1 m’agrada', '· 2 m’agrada'],
  ],
  [
    'admin.weekly.lastCounts',
    (n) => ({ sent: n, recipients: n, failed: n, pending: n }),
    [
      '1 de 1 email enviados · 1 fallido · 1 pendiente',
      '2 de 2 emails enviados · 2 fallidos · 2 pendientes',
    ],
    [
      '1 de 1 correu enviats · 1 fallit · 1 pendent',
      '2 de 2 correus enviats · 2 fallits · 2 pendents',
    ],
  ],
  [
    'answer.admin.weeklyStarted',
    (n) => ({ recipients: n }),
    ['Email semanal en marcha para 1 usuario.', 'Email semanal en marcha para 2 usuarios.'],
    ['Correu setmanal en marxa per a 1 usuari.', 'Correu setmanal en marxa per a 2 usuaris.'],
  ],
  [
    'answer.admin.recommendationsStarted',
    (n) => ({ fans: n }),
    [
      'Generación de recomendaciones en marcha para 1 usuario.',
      'Generación de recomendaciones en marcha para 2 usuarios.',
    ],
    [
      'Generació de recomanacions en marxa per a 1 usuari.',
      'Generació de recomanacions en marxa per a 2 usuaris.',
    ],
  ],
  [
    'answer.admin.descriptionsWritten',
    (n) => ({ count: n }),
    ['Descripciones generadas para 1 concierto.', 'Descripciones generadas para 2 conciertos.'],
    ['Descripcions generades per a 1 concert.', 'Descripcions generades per a 2 concerts.'],
  ],
  [
    'error.admin.runStale',
    (n) => ({ hours: n }),
    ['Sin terminar: no acabó en 1 hora.', 'Sin terminar: no acabó en 2 horas.'],
    ['Sense acabar: no va acabar en 1 hora.', 'Sense acabar: no va acabar en 2 hores.'],
  ],
  [
    'source.pausedAfterFailures',
    (n) => ({ count: n, error: 'x' }),
    ['En pausa tras 1 fallo: x', 'En pausa tras 2 fallos seguidos: x'],
    ['En pausa després de 1 error: x', 'En pausa després de 2 errors seguits: x'],
  ],
  [
    'admin.overview.pending',
    (n) => ({ count: n }),
    ['1 propuesta por revisar', '2 propuestas por revisar'],
    ['1 proposta per revisar', '2 propostes per revisar'],
  ],
];

describe.each(COUNTS)('%s', (id, values, spanish, catalan) => {
  it.each([
    ['es', spanish],
    ['ca', catalan],
  ] as const)('agrees with 1 and with 2 in %s', (locale, [one, two]) => {
    expect([render(locale, id, values(1)), render(locale, id, values(2))]).toEqual([one, two]);
  });
});

/** The plain arguments (not plural, number or select) of a message. */
function plainArguments(elements: MessageFormatElement[], found: string[] = []): string[] {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.push(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) plainArguments(option.value, found);
    }
    if (element.type === TYPE.tag) plainArguments(element.children, found);
  }
  return found;
}

// A count shown as a bare argument and followed by a noun is the «1 resultados» mistake. These
// say a number with no noun that agrees with it.
const NO_NOUN = new Set(['admin.feedback.thumbsDown', 'admin.overview.failedJob']);

it('shows no count of the admin’s texts as a bare number before a noun', () => {
  const bare = Object.entries({ ...adminEs, ...adminCa }).filter(
    ([id, text]) =>
      !NO_NOUN.has(id) &&
      plainArguments(parse(text)).some((name) => ['count', 'failed', 'pending'].includes(name)),
  );
  expect(bare.map(([id]) => id)).toEqual([]);
});
