// The catalogues (common/i18n/*.json) keep in step: the same ids in every language, each message
// valid ICU, with the same placeholders (names and kinds) in every language.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import ca from '../common/i18n/ca.json';
import es from '../common/i18n/es.json';

const CATALOGUES: Record<string, Record<string, string>> = { es, ca };

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

describe('the message catalogues', () => {
  it('have the same ids in every language', () => {
    const ids = Object.keys(es).sort();
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      const missing = ids.filter((id) => !(id in catalogue));
      const extra = Object.keys(catalogue).filter((id) => !(id in es));
      expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
    }
  });

  it('hold valid ICU messages with the same placeholders in every language', () => {
    const differences: string[] = [];
    for (const [id, spanish] of Object.entries(es)) {
      const expected = sorted(placeholders(parse(spanish)));
      for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
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
    const quoted = Object.entries(CATALOGUES).flatMap(([locale, catalogue]) =>
      Object.entries(catalogue)
        .filter(([, text]) => text.includes("'"))
        .map(([id]) => `${locale} ${id}`),
    );
    expect(quoted).toEqual([]);
  });
});
