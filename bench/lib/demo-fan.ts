// The demo fan of a server started with DEMO_DATA=true (server-process.ts), signed in and with
// every concert scored, for the benches that load /myconcerts in a browser.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** Signs the demo fan in with the password the server printed; has every concert scored. */
export async function signInDemoFan(base: string, output: string): Promise<string> {
  const password = /fan@demo\.local \/ (\S+)/.exec(output)?.[1];
  if (!password)
    throw new Error(`el servidor no imprimió la contraseña del fan de demostración:\n${output}`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'fan@demo.local', password }),
  });
  if (!login.ok) throw new Error(`login del fan de demostración: ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  // A returning fan: the scores are computed first (as the agenda page asks for them), so the
  // runs measure the page, not the scoring.
  const generate = await fetch(`${base}/api/recommendations/generate`, {
    method: 'POST',
    headers: { cookie },
  });
  if (generate.status !== 202) throw new Error(`generate: ${generate.status}`);
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    const progress = (await (
      await fetch(`${base}/api/recommendations/progress`, { headers: { cookie } })
    ).json()) as { total: number; scored: number; running: boolean };
    if (!progress.running && progress.scored >= progress.total) return cookie;
    await sleep(250);
  }
  throw new Error('la agenda del fan de demostración no terminó de puntuarse en 120 s');
}
