// A labelled textarea in the forms' layout (.form-field), the multi-line twin of TextField.
import type { TextareaHTMLAttributes } from 'react';
import { controlProps, FormField, type ControlProps } from './FormField';

interface TextAreaFieldProps
  extends
    ControlProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'value' | 'onChange'> {}

export function TextAreaField({
  label,
  value,
  onValueChange,
  invalid,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FormField id={textarea.id} label={label}>
      <textarea
        {...textarea}
        {...controlProps({ id: textarea.id, value, onValueChange, invalid })}
      />
    </FormField>
  );
}
