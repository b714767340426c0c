// cookie 0.7 (express-session's Cookie header parser) ships no types: the one function we use.
declare module 'cookie' {
  /** The cookies of a Cookie header by name (a repeated name keeps its first value). */
  export function parse(header: string): Record<string, string | undefined>;
}
