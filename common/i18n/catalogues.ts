// The message catalogues, one per language: ICU messages (plurals, placeholders, tags) by id.
// es.json holds the product's Spanish texts as they are; ca.json the same ids in Catalan, with
// Balearic usage where it differs. test/i18n-catalogues.test.ts keeps the two in step.
import type es from './es.json';

export type MessageId = keyof typeof es;
export type Catalogue = Record<MessageId, string>;
