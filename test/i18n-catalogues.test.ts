// The catalogues (common/i18n/*.json, the admin's pair in admin/, the server's in server/) keep in step:
// the same ids in every language, each message valid ICU, with the same placeholders (names and
// kinds) in every language.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import adminCa from '../common/i18n/admin/ca.json';
import adminEs from '../common/i18n/admin/es.json';
import ca from '../common/i18n/ca.json';
import es from '../common/i18n/es.json';
import serverCa from '../common/i18n/server/ca.json';
import serverEs from '../common/i18n/server/es.json';

type Catalogue = Record<string, string>;

/** Each pair: its Spanish (the reference) and every language, Spanish included. */
const PAIRS: [string, Catalogue, Record<string, Catalogue>][] = [
  ['main', es, { es, ca }],
  ['admin', adminEs, { es: adminEs, ca: adminCa }],
  ['server', serverEs, { es: serverEs, ca: serverCa }],
];

/** 'name:kind' of every placeholder, plural and select branches and tags included. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(`${element.value}:${TYPE[element.type]}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    if (element.type === TYPE.tag) placeholders(element.children, found);
  }
  return found;
}

const sorted = (set: Set<string>) => [...set].sort();

describe.each(PAIRS)('the %s catalogues', (_name, spanish, catalogues) => {
  it('have the same ids in every language', () => {
    const ids = Object.keys(spanish).sort();
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const missing = ids.filter((id) => !(id in catalogue));
      const extra = Object.keys(catalogue).filter((id) => !(id in spanish));
      expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
    }
  });

  it('hold valid ICU messages with the same placeholders in every language', () => {
    const differences: string[] = [];
    for (const [id, reference] of Object.entries(spanish)) {
      const expected = sorted(placeholders(parse(reference)));
      for (const [locale, catalogue] of Object.entries(catalogues)) {
        const text = catalogue[id];
        if (text === undefined) continue;
        const found = sorted(placeholders(parse(text)));
        if (found.join() !== expected.join()) {
          differences.push(`${locale} ${id}: ${found.join()} ≠ ${expected.join()}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('write apostrophes as ’, never the ICU quote character', () => {
    const quoted = Object.entries(catalogues).flatMap(([locale, catalogue]) =>
      Object.entries(catalogue)
        .filter(([, text]) => text.includes("'"))
        .map(([id]) => `${locale} ${id}`),
    );
    expect(quoted).toEqual([]);
  });
});

// The admin's pages merge its catalogue into the main one
// (client/src/features/admin/shared/texts.tsx): an id of both would hide one of them, and `admin.`
// is how the merge is told apart.
it('keeps the admin’s ids apart from the main catalogue’s, all under admin.', () => {
  const ids = Object.keys(adminEs);
  expect(ids.filter((id) => id in es || !id.startsWith('admin.'))).toEqual([]);
});

// The server words its own pair merged with the main one (server/i18n/intl.ts): an id in both
// would hide one of them.
it('keeps the server’s own ids apart from the main catalogue’s', () => {
  expect(Object.keys(serverEs).filter((id) => id in es)).toEqual([]);
});
