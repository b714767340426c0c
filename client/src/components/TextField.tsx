// A labelled input in the forms' layout (.form-field): the label, the input with its invalid
// mark, and whatever follows it (a hint, a datalist).
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'value' | 'onChange'
> {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  children?: ReactNode;
}

export function TextField({
  id,
  label,
  value,
  onValueChange,
  invalid,
  children,
  ...input
}: TextFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        className="text-input"
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {children}
    </div>
  );
}
