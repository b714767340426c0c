// swagger-ui-dist ships no types; only the folder of its static files is used.
declare module 'swagger-ui-dist' {
  export function getAbsoluteFSPath(): string;
}
