import { useEffect, useState } from 'react';
import { AVAILABILITY_DEBOUNCE_MS } from '../../../schema/signup';
import { signupApi } from './signup-api';

export type Availability = 'idle' | 'checking' | 'available' | 'taken';

/**
 * The live availability indicator of one field: checked 500 ms after the last
 * keystroke; `valid` says whether the value is worth asking about. A refused or failed check (429,
 * offline) shows nothing: the trial call checks again anyway.
 */
export function useAvailability(field: 'email' | 'hoa_name', value: string, valid: boolean): Availability {
  const [state, setState] = useState<{ value: string; status: Availability }>({
    value: '',
    status: 'idle',
  });
  useEffect(() => {
    if (!valid) return;
    let live = true;
    const timer = setTimeout(() => {
      setState({ value, status: 'checking' });
      const body = field === 'email' ? { email: value } : { hoa_name: value };
      signupApi.available(body).then(
        (r) => live && setState({ value, status: r.available ? 'available' : 'taken' }),
        () => live && setState({ value, status: 'idle' }),
      );
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [field, value, valid]);
  // A value typed since the last answer is unknown until its own check (and counts as running: continuing waits).
  if (!valid) return 'idle';
  return state.value === value ? state.status : 'checking';
}
