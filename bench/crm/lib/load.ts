import http from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Latencies in ms of the requests that completed within the run. */
  latencies: number[];
  errors: number;
  seconds: number;
  rps: number;
}

/**
 * A closed-loop load generator (autocannon is not installed here): `concurrency` connections kept
 * alive, each sending its next request as soon as the previous answer has been read, for
 * `durationMs`. Loopback only. Non-2xx answers count as errors and are not timed.
 */
export async function runLoad(baseUrl: string, concurrency: number, durationMs: number, next: () => LoadRequest): Promise<LoadResult> {
  const target = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '::1'].includes(target.hostname)) throw new Error('load tests run on loopback only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  const once = (request: LoadRequest) =>
    new Promise<number>((resolve) => {
      const body = request.body === undefined ? undefined : Buffer.from(request.body);
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.path,
          headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}), ...request.headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300 ? performance.now() - t0 : -1));
        },
      );
      req.on('error', () => resolve(-1));
      req.end(body);
    });

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const latency = await once(next());
        if (latency < 0) errors += 1;
        else latencies.push(latency);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, errors, seconds, rps: latencies.length / seconds };
}
