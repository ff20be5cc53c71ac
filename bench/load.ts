/** Load generation shared by the HTTP benches: autocannon at 50 connections, one body per request. */
import autocannon from 'autocannon';

export const seconds = () => Number(process.env.BENCH_SECONDS ?? 10);

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

/** POSTs `bodies[n % length]` with `headers(n)`: request n's body and headers belong together. */
export async function load(
  url: string,
  bodies: string[],
  headers: (i: number) => Record<string, string>,
): Promise<Load> {
  let i = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 50,
    duration: seconds(),
    requests: [
      {
        setupRequest: (req) => {
          const n = i++;
          return {
            ...req,
            headers: { 'content-type': 'application/json', ...headers(n) },
            body: bodies[n % bodies.length],
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export const row = (name: string, l: Load) =>
  `${name.padEnd(34)} ${l.rps.toFixed(0).padStart(7)} req/s   p50 ${String(l.p50).padStart(3)} ms   p99 ${String(l.p99).padStart(3)} ms   errors ${l.errors}`;

export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/parking-hub-api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`login ${username} failed`);
  return body.data.token;
}
