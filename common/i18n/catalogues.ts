// The message catalogues, one per language: ICU messages (plurals, placeholders, tags) by id.
// es.json holds the product's Spanish texts as they are; ca.json the same ids in Catalan, with
// Balearic usage where it differs. test/i18n-catalogues.test.ts keeps the two in step.
import type es from './es.json';
import type adminEs from './admin/es.json';
import type serverEs from './server/es.json';

/** The texts the app's pages word (es.json, ca.json): the browser downloads them. */
export type MessageId = keyof typeof es;
export type Catalogue = Record<MessageId, string>;

/**
 * Every text the server words: the pages' and its own pair (server/es.json, server/ca.json:
 * mails, feeds, API answers, errors no form checks), which never reaches a browser.
 */
export type ServerMessageId = MessageId | keyof typeof serverEs;

/**
 * The admin's texts, a pair of their own (admin/es.json, admin/ca.json, every id `admin.…`): only
 * the admin's pages load them, so what every public page downloads does not grow with them.
 */
export type AdminMessageId = keyof typeof adminEs;

/** The admin's pages, as the router matches them (any case): they hydrate with its texts. */
export const ADMIN_PAGES = /^\/admin(\/|$)/i;
