// The password input of the account forms: a new password (with the rules' hint) or the current one.
import { useText } from '@/i18n/IntlContext';
import { TextField, type TextFieldProps } from './TextField';

const KINDS = {
  new: { label: 'password.new', autoComplete: 'new-password', placeholder: true },
  current: { label: 'password.current', autoComplete: 'current-password', placeholder: false },
} as const;

type PasswordFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'> & {
  kind: keyof typeof KINDS;
};

export function PasswordField({ kind, ...field }: PasswordFieldProps) {
  const t = useText();
  const { label, autoComplete, placeholder } = KINDS[kind];
  return (
    <TextField
      {...field}
      label={t(label)}
      autoComplete={autoComplete}
      {...(placeholder ? { placeholder: t('auth.passwordPlaceholder') } : {})}
      type="password"
    />
  );
}
