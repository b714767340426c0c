import type { MessageId } from '@common/i18n/catalogues';
import { PASSWORD_TOO_LONG, passwordLengthProblem } from '@common/auth/limits';

/** What is wrong with a new password's length (the server's rule, checked here first), as a text id. */
export function newPasswordProblem(password: string): MessageId | undefined {
  const problem = passwordLengthProblem(password);
  if (!problem) return undefined;
  return problem === PASSWORD_TOO_LONG ? 'auth.passwordTooLong' : 'auth.passwordTooShort';
}
