// How the panel says counts and moments, in Madrid's time.
const moment = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

/** '1 propuesta' / '3 propuestas'. */
export const countOf = (count: number, one: string, many: string) =>
  `${count.toLocaleString('es-ES')} ${count === 1 ? one : many}`;

export const momentOf = (iso: string) => moment.format(new Date(iso));

/** '42 s', '3 min 5 s', '1 h 2 min'. */
export function durationOf(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
