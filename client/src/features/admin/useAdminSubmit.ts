import { useState, type FormEvent } from 'react';
import { failureText } from './api';
import type { StatusMessage } from '../../components/FormStatus';

/**
 * The submit flow every admin form shares: check the fields (focus and mark the first bad one,
 * with the form's Spanish failure prefix), send, then show the server's message or its error.
 */
export function useAdminSubmit<Field extends string>(options: {
  formId: string;
  failure: string;
  problemOf: () => readonly [Field, string] | null | undefined;
  send: () => Promise<{ message: string }>;
  onSuccess?: () => void;
}) {
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = options.problemOf();
    setInvalid(problem?.[0] ?? null);
    if (problem) {
      setMessage({ kind: 'error', text: options.failure + problem[1] });
      document.getElementById(`${options.formId}-${problem[0]}`)?.focus();
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      const answer = await options.send();
      setMessage({ kind: 'success', text: answer.message });
      options.onSuccess?.();
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(options.failure, error) });
    } finally {
      setSending(false);
    }
  }

  return { invalid, message, sending, handleSubmit };
}

/** An edit form's send: with no change it says so and sends nothing; else the changes are saved. */
export async function saveChanges<Changes extends object>(
  changes: Changes,
  update: (changes: Changes) => Promise<unknown>,
  saved: string,
): Promise<{ message: string }> {
  if (Object.keys(changes).length === 0) return { message: 'No hay nada que cambiar.' };
  await update(changes);
  return { message: saved };
}
