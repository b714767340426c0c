// Every Spanish text the server words (the pages' catalogue and its own), by id: what a test
// expects an answer or a mail to say.
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import pages from '../../common/i18n/es.json';
import server from '../../common/i18n/server/es.json';

export const spanish: Record<ServerMessageId, string> = { ...pages, ...server };
