// Which of the 18 genres are "related" (a medium match), in one place: the built-in engine, the
// rules every stored score keeps and the AI's prompt read it. Each family is a set of genres a fan
// of one usually enjoys in another; a genre may belong to several families.
import type { Genre } from './genres.js';

export const GENRE_FAMILIES: readonly (readonly Genre[])[] = [
  ['House', 'Techno', 'Música Electrónica'], // electrónica de club
  ['Rock', 'Indie', 'Punk', 'Metal'], // guitarras
  ['Hip-Hop', 'R&B', 'Reggaetón'], // urbano
  ['Jazz', 'Blues', 'Funk'], // raíces afroamericanas
  ['Funk', 'R&B', 'Hip-Hop'], // groove
  ['Salsa', 'Reggae', 'Reggaetón'], // ritmos latinos y caribeños
  ['Flamenco', 'Folk'], // raíz y tradición
  ['Folk', 'Indie', 'Blues'], // acústico y cantautor
  ['Pop', 'Indie', 'R&B', 'Música Electrónica'], // pop y sus vecinos
];

const related = new Map<string, Set<string>>();
for (const family of GENRE_FAMILIES) {
  for (const genre of family) {
    const set = related.get(genre) ?? new Set<string>();
    family.filter((other) => other !== genre).forEach((other) => set.add(other));
    related.set(genre, set);
  }
}

export function areRelated(a: string, b: string): boolean {
  return related.get(a)?.has(b) ?? false;
}
