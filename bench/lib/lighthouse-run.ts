// One Lighthouse run (the npm package, its default mobile config) in a fresh headless Chromium
// (the system one, or CHROME_PATH).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** `cookie` goes with every request of the page (a signed-in fan). */
export async function runLighthouse(
  url: string,
  categories: readonly string[],
  cookie?: string,
): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    return result;
  } finally {
    chrome.kill();
  }
}
