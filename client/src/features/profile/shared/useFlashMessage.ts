import { useEffect, useState } from 'react';

const FLASH_MS = 3000;

/** A success message that disappears on its own after 3 seconds. */
export function useFlashMessage(): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(''), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}
