/** Small HTTP helpers shared by the simulator's listeners. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fault, RecordedRequest } from './types.js';

/** Writes `bytes` filler bytes with back-pressure (never buffering them all), then `end`. */
export function writeFiller(res: ServerResponse, bytes: number, fill: number, end: string): void {
  const chunk = Buffer.alloc(Math.max(1, Math.min(bytes, 1024 * 1024)), fill);
  let left = bytes;
  const pump = () => {
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      left -= n;
      if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
        res.once('drain', pump);
        return;
      }
    }
    res.end(end);
  };
  pump();
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(Buffer.concat(chunks)));
  });
}

export function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Answers an API request with a fault that replaces the answer; false when the fault does not. */
export function answerFault(fault: Fault, res: ServerResponse, record: RecordedRequest): boolean {
  if (fault.type === 'status') {
    record.status = fault.status;
    const headers: Record<string, string> = {
      'content-type': fault.contentType ?? 'application/json',
    };
    if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
    res.writeHead(fault.status, headers);
    res.end(fault.body ?? JSON.stringify({ error: `Simulated ${fault.status}` }));
    return true;
  }
  if (fault.type === 'redirect') {
    record.status = fault.status ?? 307;
    res.writeHead(record.status, { location: fault.location });
    res.end();
    return true;
  }
  if (fault.type === 'malformed-json') {
    record.status = 200;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"jobId": "se_trunc", "status": "runn');
    return true;
  }
  if (fault.type === 'json') {
    record.status = fault.status ?? 200;
    res.writeHead(record.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(fault.body));
    return true;
  }
  if (fault.type === 'huge-body') {
    record.status = 200;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.on('error', () => undefined);
    res.write('{"padding": "');
    writeFiller(res, fault.bytes, 0x20, '"}');
    return true;
  }
  return false;
}

/** A server listening on a free loopback port: its base URL, and a close that ends every connection. */
export interface Listening {
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts `server` on 127.0.0.1 and a free port. `close()` ends open connections too (a held or
 * kept-alive one would otherwise keep the server, and the test, waiting).
 */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
