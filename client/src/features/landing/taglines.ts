/** Playful sign-up nudges; each carousel slide shows one, picked at random. */
export const TAGLINES = [
  '¿Te lo vas a perder? Regístrate y descubre si es tu rollo.',
  'Tu próximo concierto favorito podría ser este. Regístrate y te lo decimos.',
  '¿Plan para ese día? Regístrate y mira cuánto encaja contigo.',
  'Deja que la música te encuentre: regístrate y recibe tus recomendaciones.',
  'Menos scroll y más directo. Regístrate y te contamos si merece la pena.',
  '¿Fuego o siesta? Regístrate y descubre tu nota para este concierto.',
  'Los buenos conciertos no esperan. Regístrate y no llegues tarde.',
  'Tu oído, nuestra agenda. Regístrate y afinamos juntos.',
  '¿Te suena este cartel? Regístrate y descubre si te va a sonar bien.',
  'Regístrate gratis y convierte la agenda de la isla en tu agenda.',
] as const;

/** A random tagline index, different from `current` so consecutive slides never repeat one. */
export function randomTaglineIndex(current?: number): number {
  if (current === undefined) return Math.floor(Math.random() * TAGLINES.length);
  const offset = 1 + Math.floor(Math.random() * (TAGLINES.length - 1));
  return (current + offset) % TAGLINES.length;
}
