// Names compared the way people type them: case and the accents of Spanish and Catalan aside. The
// server does the same in SQL (server/db/name-match.ts `normalised`) with these two lists,
// so the browser and the database agree on which names are "the same".
export const ACCENTED = 'áàäâãéèëêíìïîóòöôõúùüûñç';
export const PLAIN = 'aaaaaeeeeiiiiooooouuuunc';

/** Lower case without accents ('Sa Possessió' → 'sa possessio'). */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .split('')
    .map((char) => {
      const index = ACCENTED.indexOf(char);
      return index === -1 ? char : PLAIN[index];
    })
    .join('');
}
