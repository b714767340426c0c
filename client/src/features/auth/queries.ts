// Calls of the account forms (sign-up, login, recovery, new password), all through apiFetch.
import type { MessageResponse } from '@common/api/types';
import type { ResetPasswordResponse, SessionUserDto, SignInResponse } from '@common/auth/types';
import { apiFetch } from '@/lib/api';

export type AuthMode = 'register' | 'login';

export async function authenticate(input: {
  mode: AuthMode;
  email: string;
  password: string;
}): Promise<SessionUserDto> {
  const { user } = await apiFetch<SignInResponse>(`/api/auth/${input.mode}`, {
    method: 'POST',
    body: { email: input.email, password: input.password },
  });
  return user;
}

export function requestRecovery(email: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/recover', { method: 'POST', body: { email } });
}

export async function resetPassword(input: {
  token: string;
  password: string;
}): Promise<SessionUserDto> {
  const { user } = await apiFetch<ResetPasswordResponse>('/api/auth/reset-password', {
    method: 'POST',
    body: input,
  });
  return user;
}
