import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatusMessage } from '../../components/FormStatus';
import { failureText } from './api';
import { adminKeys } from './keys';

/**
 * One write of the management screens: sends, refreshes every admin list, and keeps the outcome as
 * a Spanish message (the server's reason on failure).
 */
export function useManageAction<Input>(
  send: (input: Input) => Promise<unknown>,
  success: string,
  failure: string,
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => {
      setMessage({ kind: 'success', text: success });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onDone?.();
    },
    onError: (error) => setMessage({ kind: 'error', text: failureText(failure, error) }),
  });
  return { run: (input: Input) => mutation.mutate(input), pending: mutation.isPending, message };
}
