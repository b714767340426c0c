/**
 * A text field's value as the form holds it: what was typed before the app took over a
 * server-rendered page is in the field, not yet in React's state (a press before hydration is
 * replayed, client/src/app/EarlyTaps.tsx).
 */
export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
