import { useEffect, useRef, useState } from 'react';

/**
 * The token of a mailed link's fragment (#token=…), which browsers never send to a server, so it
 * stays out of logs and Referer headers. Read after the first render (the server's HTML has no
 * fragment to read), then wiped from the address bar: not kept in the history nor seen by what
 * reads the URL. Undefined until read; null when the link had none.
 */
export function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null>();
  const read = useRef(false);
  useEffect(() => {
    if (read.current) return; // StrictMode runs effects twice; the address is wiped by then
    read.current = true;
    setToken(new URLSearchParams(window.location.hash.slice(1)).get('token') || null);
    if (window.location.hash) {
      const { pathname, search } = window.location;
      // The router's own history state is kept as it is.
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    }
  }, []);
  return token;
}
