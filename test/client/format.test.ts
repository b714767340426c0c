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

/** Every message's values: counts 0, 1, 2 and 5, each option of a select, tags as elements. */
function valuesOf(ast: MessageFormatElement[]): Record<string, unknown>[] {
  const names = namesOf(ast);
  const selects = [...names].filter(([, kind]) => kind.length > 1);
  const choices = selects.length
    ? selects.flatMap(([name, keys]) => keys.map((key) => [name, key]))
    : [[]];
  return [0, 1, 2, 5].flatMap((count) =>
    choices.map(([selectName, key]) => {
      const values: Record<string, unknown> = {};
      for (const [name, [kind]] of names) {
        if (kind === 'count') values[name] = count;
        else if (kind === 'tag')
          values[name] = (chunks: ReactNode[]) => createElement('b', null, chunks);
        else if (kind === 'word')
          values[name] = name === 'email' ? createElement('i', null, 'x') : `«${name}»`;
        else values[name] = /^\d+$/.test(kind ?? '') ? Number(kind) : kind;
      }
      if (selectName) values[selectName] = /^\d+$/.test(key!) ? Number(key) : key;
      return values;
    }),
  );
}

describe('the browser formatter', () => {
  // First, before intl-messageformat's own unkeyed arrays make React quiet about keys.
  it('gives every element of a message a key, as react-intl does', () => {
    const errors = jest.spyOn(console, 'error');
    try {
      for (const [locale, , text] of cases) {
        const ast = parse(text);
        for (const values of valuesOf(ast)) markup(formatElements(ast, locale, values));
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it.each(cases)('%s %s', (locale, id, text) => {
    const ast = parse(text);
    // intl-messageformat alone leaves keys to react-intl: React says so, and it does not matter here.
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const values of valuesOf(ast)) {
        const ours = formatElements(ast, locale, values);
        const theirs = new IntlMessageFormat(ast, locale).format(values);
        expect(markup(ours)).toBe(markup(theirs));
        expect(typeof ours).toBe(typeof theirs);
      }
    } finally {
      errors.mockRestore();
    }
  });

  it('throws on a value it lacks, as intl-messageformat does', () => {
    expect(() => formatElements(parse('Hola {name}'), 'es', {})).toThrow();
    expect(() => new IntlMessageFormat(parse('Hola {name}'), 'es').format({})).toThrow();
  });
});
