// One text field's state on its own, as the props that bind it to its input (a TextField or the
// like): `<TextField {...email} label="Email" />`, then `email.value`.
import { useState } from 'react';

export function useField(id: string, initial = '') {
  const [value, onValueChange] = useState(initial);
  return { id, value, onValueChange };
}
