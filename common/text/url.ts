// Web addresses people type (a venue's website, a band's Spotify page, a picture), without zod.
// Apart from limits.ts, which the landing's first script carries: only forms behind it check these.

/** An absolute http(s) address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
