// A labelled select in the forms' layout (.form-field); the options are its children.
import type { ReactNode, SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className' | 'value' | 'onChange'
> {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  children: ReactNode;
}

export function SelectField({
  id,
  label,
  value,
  onValueChange,
  invalid,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select
        {...select}
        id={id}
        className="text-input"
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}
