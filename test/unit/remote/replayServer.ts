/** A replay server on 127.0.0.1 (free port) for the network sources' tests: routes answer like the real APIs. */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReplayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface ReplayAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a Buffer answers range requests (206) when asked. */
  body?: unknown;
  /** Never answer (the client's timeout or cancel ends it). */
  hang?: boolean;
}

export type ReplayRoute = (request: ReplayRequest) => ReplayAnswer | Promise<ReplayAnswer>;

export interface ReplayServer {
  url: string;
  /** Every request received, in order. */
  log: ReplayRequest[];
  /** Bytes of range answers sent. */
  rangeBytes: number;
  /** Resolves the next time a request reaches a route whose path starts with `prefix`. */
  nextRequest(prefix: string): Promise<ReplayRequest>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(text);
      }
    });
  });
}

export async function startReplay(route: ReplayRoute): Promise<ReplayServer> {
  const hanging = new Set<ServerResponse>();
  const waiters: { prefix: string; resolve: (r: ReplayRequest) => void }[] = [];
  const state: ReplayServer = {
    url: '',
    log: [],
    rangeBytes: 0,
    nextRequest: (prefix) => new Promise((resolve) => waiters.push({ prefix, resolve })),
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: ReplayRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: await readBody(req) };
      state.log.push(request);
      for (let k = waiters.length - 1; k >= 0; k--) {
        if (request.path.startsWith(waiters[k].prefix)) waiters.splice(k, 1)[0].resolve(request);
      }
      let answer: ReplayAnswer;
      try {
        answer = await route(request);
      } catch (error) {
        answer = { status: 500, body: { error: String(error) } };
      }
      if (answer.hang) {
        hanging.add(res);
        return;
      }
      const status = answer.status ?? 200;
      const headers = { ...(answer.headers ?? {}) };
      const body = answer.body;
      if (Buffer.isBuffer(body)) {
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
        if (range) {
          const start = Number(range[1]);
          const end = Math.min(Number(range[2]), body.length - 1);
          const slice = body.subarray(start, end + 1);
          state.rangeBytes += slice.length;
          res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${body.length}`, 'content-length': String(slice.length) });
          res.end(slice);
          return;
        }
        res.writeHead(status, { ...headers, 'content-length': String(body.length) });
        res.end(body);
        return;
      }
      const text = typeof body === 'string' ? body : JSON.stringify(body ?? {});
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
      res.end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** Fails when any of the secrets appears in the text (messages, warnings, rows, CLI output). */
export function assertNoSecret(text: string, secrets: readonly string[]): void {
  for (const secret of secrets) {
    if (text.includes(secret) || text.includes(Buffer.from(secret).toString('base64'))) throw new Error(`a credential appears in the output: …${text.slice(Math.max(0, text.indexOf(secret) - 40), text.indexOf(secret))}`);
  }
}
