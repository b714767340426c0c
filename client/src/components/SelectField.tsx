// A labelled select in the forms' layout (.form-field); the options are its children.
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { controlProps, FormField, type ControlProps } from './FormField';

interface SelectFieldProps
  extends
    ControlProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'value' | 'onChange'> {
  children: ReactNode;
}

export function SelectField({
  label,
  value,
  onValueChange,
  invalid,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <FormField id={select.id} label={label}>
      <select {...select} {...controlProps({ id: select.id, value, onValueChange, invalid })}>
        {children}
      </select>
    </FormField>
  );
}
