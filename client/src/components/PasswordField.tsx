// The password input of the account forms: a new password (with the rules' hint) or the current one.
import { PASSWORD_PLACEHOLDER } from '@common/rules';
import { TextField, type TextFieldProps } from './TextField';

const KINDS = {
  new: {
    label: 'Nueva contraseña',
    autoComplete: 'new-password',
    placeholder: PASSWORD_PLACEHOLDER,
  },
  current: { label: 'Contraseña actual', autoComplete: 'current-password' },
} as const;

type PasswordFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'> & {
  kind: keyof typeof KINDS;
};

export function PasswordField({ kind, ...field }: PasswordFieldProps) {
  return <TextField {...field} {...KINDS[kind]} type="password" />;
}
