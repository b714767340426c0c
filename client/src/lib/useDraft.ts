// The state of a form whose fields are all text: the values, a setter per field, and the props that
// bind one field to a TextField (its id inside the form, value, change handler and invalid mark).
import { useState } from 'react';

export interface BoundField {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  invalid: boolean;
}

export function useDraft<Fields extends { [Key in keyof Fields]: string }>(
  formId: string,
  initial: Fields | (() => Fields),
) {
  const [fields, setFields] = useState(initial);
  const set = (name: keyof Fields & string) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));
  /** Inputs are `${formId}-${name}`, so a bad one can be found and focused. */
  const bind = (name: keyof Fields & string, invalid: string | null = null): BoundField => ({
    id: `${formId}-${name}`,
    value: fields[name],
    onValueChange: set(name),
    invalid: invalid === name,
  });
  return { fields, setFields, set, bind };
}
