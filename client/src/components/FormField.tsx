// What TextField, TextAreaField and SelectField share: the .form-field layout with its label, and
// the props of the control inside (id, look, invalid mark, value and change as a plain string).
import type { ChangeEvent, ReactNode } from 'react';

/** The props a labelled control of a form takes, whatever the control. */
export interface ControlProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
}

export function FormField({
  id,
  label,
  children,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

type ValueElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export const controlProps = ({
  id,
  value,
  onValueChange,
  invalid,
}: Omit<ControlProps, 'label'>) => ({
  id,
  className: 'text-input',
  'aria-invalid': invalid || undefined,
  value,
  onChange: (event: ChangeEvent<ValueElement>) => onValueChange(event.target.value),
});
