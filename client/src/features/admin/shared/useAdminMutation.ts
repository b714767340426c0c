// The one way an admin form or action writes: TanStack Query's useMutation, its outcome kept as a
// status message in the page's language, and every admin list (the moderation queue too)
// refreshed after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StatusMessage } from '@/components/FormStatus';
import { ApiError } from '@/lib/api';
import type { Checked } from '@/lib/parseDraft';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { adminKeys } from './queries';
import { useAdminText } from './texts';

interface AdminMutationOptions<Input, Output> {
  mutationFn: (input: Input) => Promise<Output>;
  /** The message's start on failure ('Error al guardar: '), before the reason. */
  failure: string;
  /**
   * The message on success, fixed or read from the answer (which may say it went wrong: a source's
   * run that could not read it); none when left out.
   */
  success?: string | ((output: Output) => string | StatusMessage);
  /** Another failure message (the action sections show the reason apart). */
  failureMessage?: (error: unknown) => StatusMessage;
  onSuccess?: (output: Output) => void;
}

export interface Outcome {
  message: StatusMessage | null;
  /** Orders the messages of one place's several mutations (see latestMessage). */
  at: number;
}

let outcomeCount = 0;

export function useAdminMutation<Input = void, Output = unknown>(
  options: AdminMutationOptions<Input, Output>,
) {
  const t = useAdminText();
  // The forms' checks word the API schemas' ids, which live in the main catalogue.
  const words = useText();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  /** 'Usuario no autenticado' for a lost session, else the failure's start and the server's reason. */
  const failureText = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return t('admin.signedOut');
    if (error instanceof ApiError) return options.failure + errorText(error, 'auth.unexpected');
    return options.failure + (error instanceof Error ? error.message : t('admin.unknownError'));
  };
  const [outcome, setOutcome] = useState<Outcome>({ message: null, at: 0 });
  const show = (message: StatusMessage | null) => setOutcome({ message, at: ++outcomeCount });
  const mutation = useMutation({
    mutationFn: options.mutationFn,
    onMutate: () => show(null),
    onSuccess: (output) => {
      const { success } = options;
      const text = typeof success === 'function' ? success(output) : success;
      show(text === undefined ? null : typeof text === 'string' ? { kind: 'success', text } : text);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.(output);
    },
    onError: (error) =>
      show(
        options.failureMessage?.(error) ?? {
          kind: 'error',
          text: failureText(error),
        },
      ),
  });
  return {
    ...outcome,
    pending: mutation.isPending,
    run: (input: Input) => mutation.mutate(input),
    /** A form's submit: its check first (a problem is told after the failure's start), then the send. */
    submit:
      (check: () => Checked<Input, string>) =>
      (event: FormEvent<HTMLFormElement>): void => {
        event.preventDefault();
        const checked = check();
        if (checked.problem)
          show({ kind: 'error', text: options.failure + words(checked.problem[1]) });
        else mutation.mutate(checked.data);
      },
  };
}

/** The newest message among the mutations of one place (a list row's actions). */
export const latestMessage = (first: Outcome, ...others: Outcome[]): StatusMessage | null =>
  others.reduce((latest, outcome) => (outcome.at > latest.at ? outcome : latest), first).message;

/** An edit form's save: only the changes are sent; with none it says so and sends nothing. */
export function useSaveChanges<Changes extends object>(
  update: (changes: Changes) => Promise<unknown>,
  saved: string,
) {
  const t = useAdminText();
  return useAdminMutation({
    mutationFn: async (changes: Changes) => {
      if (Object.keys(changes).length === 0) return t('admin.nothingToChange');
      await update(changes);
      return saved;
    },
    failure: t('admin.saveFailed'),
    success: (text) => text,
  });
}
