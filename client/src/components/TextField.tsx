// A labelled input in the forms' layout (.form-field); its children follow the input (a hint, a
// datalist).
import type { ReactNode } from 'react';
import { FormField, type ControlAttributes, type ControlProps } from './FormField';

export interface TextFieldProps extends ControlProps, ControlAttributes<'input'> {
  children?: ReactNode;
}

export function TextField({ children, ...props }: TextFieldProps) {
  return <FormField as="input" {...props} after={children} />;
}
