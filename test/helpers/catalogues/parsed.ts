// The catalogues as the build hands them to the browser (client/vite.config.ts `catalogues()`):
// jest maps `virtual:catalogue/<name>` here, each message parsed into its ICU tree.
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export const parsed = (messages: Record<string, string>): Record<string, MessageFormatElement[]> =>
  Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
