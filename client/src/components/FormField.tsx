// What TextField, TextAreaField and SelectField share: the .form-field layout with its label, and
// the control inside (id, look, invalid mark, value and change as a plain string).
import { createElement, type ComponentPropsWithoutRef, type ReactNode } from 'react';

/** The props a labelled control of a form takes, whatever the control. */
export interface ControlProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
}

type ControlTag = 'input' | 'select' | 'textarea';
type ValueElement = { value: string };

/** A control's own attributes, but those the field sets. */
export type ControlAttributes<Tag extends ControlTag> = Omit<
  ComponentPropsWithoutRef<Tag>,
  'id' | 'className' | 'value' | 'onChange'
>;

type FormFieldProps<Tag extends ControlTag> = ControlProps &
  ControlAttributes<Tag> & {
    as: Tag;
    /** What follows the control (a hint, a datalist). */
    after?: ReactNode;
  };

export function FormField<Tag extends ControlTag>({
  as,
  label,
  onValueChange,
  invalid,
  after,
  ...control
}: FormFieldProps<Tag>) {
  return (
    <div className="form-field">
      <label htmlFor={control.id}>{label}</label>
      {createElement(as, {
        ...control,
        className: 'text-input',
        'aria-invalid': invalid || undefined,
        onChange: (event: { target: ValueElement }) => onValueChange(event.target.value),
      })}
      {after}
    </div>
  );
}
