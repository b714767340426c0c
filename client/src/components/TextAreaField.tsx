// A labelled textarea in the forms' layout (.form-field), the multi-line twin of TextField.
import type { ReactNode, TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'className' | 'value' | 'onChange'
> {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
}

export function TextAreaField({
  id,
  label,
  value,
  onValueChange,
  invalid,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        {...textarea}
        id={id}
        className="text-input"
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}
