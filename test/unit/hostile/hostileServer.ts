/** A raw node:http server on 127.0.0.1 for hostile network cases: each port is its own origin. */
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

export interface HostileServer {
  url: string;
  host: string;
  /** Headers of every request received, in order. */
  requests: IncomingMessage['headers'][];
  close(): Promise<void>;
}

export async function startHostile(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setInterval>>();
  const requests: IncomingMessage['headers'][] = [];
  const server = createServer((req, res) => {
    requests.push(req.headers);
    handle(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends the headers and `first` bytes, then nothing more (the connection stays open). */
export function stallAfterHeaders(first = '{"rows": ['): (req: IncomingMessage, res: ServerResponse) => void {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
    res.write(first);
  };
}

/** Sends the headers, then one byte every `everyMs` for ever (each byte alone would reset an idle timeout). */
export function drip(everyMs = 40): (req: IncomingMessage, res: ServerResponse) => void {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.write('a,b\n');
    const timer = setInterval(() => {
      if (res.destroyed) clearInterval(timer);
      else res.write('1');
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  };
}
