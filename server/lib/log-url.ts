// What of a request's URL the log may keep: secrets in the query (token, code, state) and the
// private calendar feed's token, which is part of the path, are masked.
export function urlForLog(url: string): string {
  return url
    .replace(/\b(token|code|state)=[^&]+/g, '$1=[oculto]')
    .replace(/(\/calendario\/privado\/)[^/?#]*/gi, '$1[oculto]');
}
