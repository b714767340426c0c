// The browser's formatter (client/src/i18n/format.ts) says every message of the app's and the
// admin's catalogues, in both languages, as intl-messageformat (react-intl's) does: for counts 0,
// 1, 2 and 5, every option of a select, and tags whose words become elements.
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { formatElements } from '../../client/src/i18n/format';
import adminCa from '../../common/i18n/admin/ca.json';
import adminEs from '../../common/i18n/admin/es.json';
import ca from '../../common/i18n/ca.json';
import es from '../../common/i18n/es.json';

const CATALOGUES: Record<'es' | 'ca', Record<string, string>> = {
  es: { ...es, ...adminEs },
  ca: { ...ca, ...adminCa },
};

/** Each value a message names, and what a select chooses among. */
function namesOf(elements: MessageFormatElement[], found = new Map<string, string[]>()) {
  for (const element of elements) {
    if (element.type === TYPE.select) {
      found.set(element.value, [...Object.keys(element.options), 'otra']);
      Object.values(element.options).forEach((option) => namesOf(option.value, found));
    } else if (element.type === TYPE.plural) {
      found.set(element.value, ['count']);
      Object.values(element.options).forEach((option) => namesOf(option.value, found));
    } else if (element.type === TYPE.number) {
      found.set(element.value, ['count']);
    } else if (element.type === TYPE.tag) {
      found.set(element.value, ['tag']);
      namesOf(element.children, found);
    } else if (element.type === TYPE.argument && !found.has(element.value)) {
      found.set(element.value, ['word']);
    }
  }
  return found;
}

const markup = (node: unknown) =>
  renderToStaticMarkup(createElement(Fragment, null, node as ReactNode));

const cases = (['es', 'ca'] as const).flatMap((locale) =>
  Object.entries(CATALOGUES[locale]).map(([id, text]) => [locale, id, text] as const),
);

describe('the browser formatter', () => {
  it.each(cases)('%s %s', (locale, id, text) => {
    const ast = parse(text);
    const names = namesOf(ast);
    const selects = [...names].filter(([, kind]) => kind.length > 1 || kind[0] === 'otra');
    const choices = selects.length
      ? selects.flatMap(([name, keys]) => keys.map((key) => [name, key]))
      : [[]];
    for (const count of [0, 1, 2, 5]) {
      for (const [selectName, key] of choices) {
        const values: Record<string, unknown> = {};
        for (const [name, [kind]] of names) {
          if (kind === 'count') values[name] = count;
          else if (kind === 'tag')
            values[name] = (chunks: ReactNode[]) => createElement('b', null, chunks);
          else if (kind === 'word')
            values[name] = name === 'email' ? createElement('i', null, 'x') : `«${name}»`;
          else values[name] = key;
        }
        if (selectName) values[selectName] = /^\d+$/.test(key!) ? Number(key) : key;
        const ours = formatElements(ast, locale, values);
        const theirs = new IntlMessageFormat(ast, locale).format(values);
        expect(markup(ours)).toBe(markup(theirs));
        expect(typeof ours).toBe(typeof theirs);
      }
    }
  });

  it('throws on a value it lacks, as intl-messageformat does', () => {
    expect(() => formatElements(parse('Hola {name}'), 'es', {})).toThrow();
    expect(() => new IntlMessageFormat(parse('Hola {name}'), 'es').format({})).toThrow();
  });
});
