// A labelled textarea in the forms' layout (.form-field), the multi-line twin of TextField.
import { FormField, type ControlAttributes, type ControlProps } from './FormField';

export function TextAreaField(props: ControlProps & ControlAttributes<'textarea'>) {
  return <FormField as="textarea" {...props} />;
}
