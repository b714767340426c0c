/// <reference lib="dom" />
// A strict XML parser for tests: the DOMParser of the system Chromium (through Playwright), which
// refuses any document that is not well-formed. Node ships no XML parser of its own.
import { chromium, type Browser } from '@playwright/test';

export interface XmlParser {
  /** The parse error's text, or null when the document is well-formed. */
  parseError: (xml: string) => Promise<string | null>;
  /** Text of every element matching a CSS selector, after a successful parse. */
  texts: (xml: string, selector: string) => Promise<string[]>;
  close: () => Promise<void>;
}

export async function startXmlParser(): Promise<XmlParser> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  return {
    parseError: (xml) =>
      page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, 'application/xml');
        const error = doc.getElementsByTagName('parsererror')[0];
        return error ? (error.textContent ?? 'parsererror') : null;
      }, xml),
    texts: (xml, selector) =>
      page.evaluate(
        ({ source, css }) => {
          const doc = new DOMParser().parseFromString(source, 'application/xml');
          return [...doc.querySelectorAll(css)].map((node) => node.textContent ?? '');
        },
        { source: xml, css: selector },
      ),
    close: () => browser.close(),
  };
}
