// The catalogues as the build hands them to the client: every message already parsed into its
// ICU syntax tree (vite.config.ts `catalogues()`; in jest, the JSON itself).
declare module 'virtual:catalogue/*' {
  import type { MessageFormatElement } from 'react-intl';
  export type CompiledCatalogue = Record<string, MessageFormatElement[]>;
  const messages: CompiledCatalogue;
  export default messages;
}
