// RSS 2.0 written by hand: every text is escaped and cleaned of characters XML 1.0 forbids, so the
// document is well-formed whatever a band or an admin typed.
import type { Locale } from '../../common/i18n/locales.js';

export interface RssItem {
  title: string;
  link: string;
  description: string;
  category: string;
  /** When the concert was published on the site. */
  pubDate: Date;
}

export interface RssChannel {
  title: string;
  /** The page the channel stands for, and the feed's own address (atom:link rel="self"). */
  link: string;
  selfUrl: string;
  description: string;
  locale: Locale;
  items: RssItem[];
}

// Characters outside XML 1.0's Char production: C0 controls but tab/LF/CR, lone surrogates, FFFE/FFFF.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/gu; // eslint-disable-line no-control-regex

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an XML element or attribute. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

function itemXml(item: RssItem): string {
  return [
    '<item>',
    element('title', item.title),
    element('link', item.link),
    `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
    element('description', item.description),
    element('category', item.category),
    element('pubDate', item.pubDate.toUTCString()),
    '</item>',
  ].join('');
}

/** The whole document. lastBuildDate is the newest item's date, so an unchanged feed is unchanged. */
export function buildRss(channel: RssChannel): string {
  const newest = channel.items.reduce<Date | null>(
    (latest, item) => (latest && latest >= item.pubDate ? latest : item.pubDate),
    null,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', `${channel.locale}-ES`),
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [element('lastBuildDate', newest.toUTCString())] : []),
    element('ttl', '60'),
    ...channel.items.map(itemXml),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
