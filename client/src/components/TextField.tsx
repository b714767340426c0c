// A labelled input in the forms' layout (.form-field): the label, the input with its invalid
// mark, and whatever follows it (a hint, a datalist).
import type { InputHTMLAttributes, ReactNode } from 'react';
import { controlProps, FormField, type ControlProps } from './FormField';

export interface TextFieldProps
  extends
    ControlProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange'> {
  children?: ReactNode;
}

export function TextField({
  label,
  value,
  onValueChange,
  invalid,
  children,
  ...input
}: TextFieldProps) {
  return (
    <FormField id={input.id} label={label}>
      <input {...input} {...controlProps({ id: input.id, value, onValueChange, invalid })} />
      {children}
    </FormField>
  );
}
