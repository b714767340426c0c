// The catalogues' messages, already parsed by the build, put into words: what react-intl's
// formatMessage does with intl-messageformat, for the forms the catalogues use (text, `{name}`,
// `{n, number}`, select, plural with `#`, `<tag>`s), in a fraction of its bytes: every page
// downloads this before it hydrates. test/client/format.test.ts holds it to intl-messageformat.
import { Children, Fragment, createElement, isValidElement, type ReactNode } from 'react';
import type { MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

// The kinds of a message's elements as the parser numbers them: its enum is a value this chunk
// would otherwise carry.
const LITERAL = 0 as TYPE.literal;
const ARGUMENT = 1 as TYPE.argument;
const NUMBER = 2 as TYPE.number;
const SELECT = 5 as TYPE.select;
const PLURAL = 6 as TYPE.plural;
const POUND = 7 as TYPE.pound;
const TAG = 8 as TYPE.tag;

export type FormatValues = Record<string, unknown>;
type Part = { text: boolean; value: unknown };

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberIn(locale: string, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

function pluralIn(locale: string, type: 'cardinal' | 'ordinal', value: number): string {
  const key = `${locale} ${type}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type })));
  return rules.select(value);
}

const option = (options: Record<string, { value: MessageFormatElement[] }>, key: string) =>
  Object.prototype.hasOwnProperty.call(options, key) ? options[key] : undefined;

/** Elements of a tag's words keep their place by a key, as react-intl gives them. */
const keyed = (children: unknown[]): ReactNode[] =>
  Children.toArray(children as ReactNode[]).map((child, index) =>
    isValidElement(child) ? createElement(Fragment, { key: index }, child) : child,
  );

/** Adjacent words joined, as intl-messageformat hands them on. */
function merged(parts: Part[]): Part[] {
  const all: Part[] = [];
  for (const part of parts) {
    const last = all[all.length - 1];
    if (last?.text && part.text) last.value = String(last.value) + String(part.value);
    else all.push({ ...part });
  }
  return all;
}

function partsOf(
  elements: MessageFormatElement[],
  locale: string,
  values: FormatValues,
  count?: number,
): Part[] {
  const [only] = elements;
  if (elements.length === 1 && only?.type === LITERAL) return [{ text: true, value: only.value }];
  const parts: Part[] = [];
  for (const element of elements) {
    if (element.type === LITERAL) {
      parts.push({ text: true, value: element.value });
      continue;
    }
    if (element.type === POUND) {
      if (typeof count === 'number') parts.push({ text: true, value: numberIn(locale, count) });
      continue;
    }
    const name = element.value;
    if (!(name in values)) throw new Error(`Falta el valor «${name}»`);
    const value = values[name];
    if (element.type === ARGUMENT) {
      const word =
        typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
          ? String(value)
          : value || '';
      parts.push({ text: typeof word === 'string', value: word });
    } else if (element.type === NUMBER) {
      parts.push({ text: true, value: numberIn(locale, value as number) });
    } else if (element.type === TAG) {
      if (typeof value !== 'function') throw new Error(`«${name}» no es una función`);
      const words = partsOf(element.children, locale, values, count).map((part) => part.value);
      const made = (value as (chunks: ReactNode[]) => unknown)(keyed(words));
      for (const chunk of Array.isArray(made) ? made : [made]) {
        parts.push({ text: typeof chunk === 'string', value: chunk });
      }
    } else if (element.type === SELECT) {
      const chosen = option(element.options, String(value)) ?? element.options.other;
      if (!chosen) throw new Error(`«${name}» no tiene la opción ${String(value)}`);
      parts.push(...partsOf(chosen.value, locale, values));
    } else if (element.type === PLURAL) {
      const amount = Number(value);
      const offset = element.offset || 0;
      const chosen =
        option(element.options, `=${amount}`) ??
        option(
          element.options,
          pluralIn(locale, element.pluralType ?? 'cardinal', amount - offset),
        ) ??
        element.options.other;
      if (!chosen) throw new Error(`«${name}» no tiene forma para ${amount}`);
      parts.push(...partsOf(chosen.value, locale, values, amount - offset));
    } else {
      throw new Error(`Los textos no usan fechas ni horas («${name}»)`);
    }
  }
  return merged(parts);
}

/**
 * A message in words: a string, or (with elements among its values) an array of keyed nodes.
 * Throws on a value it lacks, as intl-messageformat does.
 */
export function formatElements(
  elements: MessageFormatElement[],
  locale: string,
  values: FormatValues = {},
): ReactNode {
  const parts = partsOf(elements, locale, values);
  if (parts.length === 1) return parts[0]!.value as ReactNode; // length checked
  const all: unknown[] = [];
  for (const part of parts) {
    if (all.length && part.text && typeof all[all.length - 1] === 'string') {
      all[all.length - 1] = String(all[all.length - 1]) + String(part.value);
    } else all.push(part.value);
  }
  if (all.length <= 1) return (all[0] as ReactNode) || '';
  return keyed(all);
}
