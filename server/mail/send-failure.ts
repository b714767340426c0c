// How a failed SMTP send is read, for every mail that is retried (weekly mail, change notices).

/** A 5xx answer is permanent for that address; no code (connection lost) or 4xx is temporary. */
export function isPermanentSendFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
}
