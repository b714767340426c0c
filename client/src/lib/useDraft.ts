// The state of a form whose fields are all text: the values, a setter per field, the props that
// bind one field to a TextField (its id inside the form, value, change handler and invalid mark),
// and the form's check before a send, which marks and focuses the first bad field.
import { useState } from 'react';
import type { Checked } from './parseDraft';

export interface BoundField {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  invalid: boolean;
}

export function useDraft<Fields extends { [Key in keyof Fields]: string }, Data>(
  formId: string,
  initial: Fields | (() => Fields),
  checkFields: (fields: Fields) => Checked<Data, keyof Fields & string>,
) {
  const [fields, setFields] = useState(initial);
  const [invalid, setInvalid] = useState<(keyof Fields & string) | null>(null);
  const set = (name: keyof Fields & string) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));
  /** Inputs are `${formId}-${name}`, so a bad one can be found and focused. */
  const bind = (name: keyof Fields & string): BoundField => ({
    id: `${formId}-${name}`,
    value: fields[name],
    onValueChange: set(name),
    invalid: invalid === name,
  });
  /** The request to send, or the first problem (its field marked and focused). */
  function check(): Checked<Data, keyof Fields & string> {
    const checked = checkFields(fields);
    const field = checked.problem?.[0] ?? null;
    setInvalid(field);
    if (field) document.getElementById(`${formId}-${field}`)?.focus();
    return checked;
  }
  return { fields, setFields, set, bind, check };
}
