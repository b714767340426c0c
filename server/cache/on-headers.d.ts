// on-headers ships no types: it calls `listener` just before the response head is written.
declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';
  export default function onHeaders(res: ServerResponse, listener: () => void): void;
}
