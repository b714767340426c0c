// A labelled select in the forms' layout (.form-field); the options are its children.
import type { ReactNode } from 'react';
import { FormField, type ControlAttributes, type ControlProps } from './FormField';

interface SelectFieldProps extends ControlProps, ControlAttributes<'select'> {
  children: ReactNode;
}

export function SelectField(props: SelectFieldProps) {
  return <FormField as="select" {...props} />;
}
