/**
 * A start-up problem the person starting the app must fix (permissions, a folder, a database): its
 * message is one Spanish line saying what to do, printed without a stack trace.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
