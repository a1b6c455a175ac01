/**
 * A hostile stand-in for the service (and for the object storage its links point at), for the
 * fuzzer in test/reliability/hostile-fuzz.test.ts. Each request gets the next behaviour of a
 * generated plan: an honest answer, a status code the spec does or does not list, a truncated or
 * mistyped body, a huge or dripping body, a redirect to another host, a reset, a hang, bytes
 * that are not HTTP at all. The storage runs on 127.0.0.2 (another host) and records every
 * request, so a key that follows a redirect is caught.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import fc from 'fast-check';

export type BodyKind =
  | 'honest'
  | 'truncated'
  | 'mutated'
  | 'empty'
  | 'html'
  | 'huge'
  | 'drip'
  | 'binary'
  | 'deep'
  | 'error-json'
  | 'injection'
  | 'injection-ok'
  | 'proto';

export type Behaviour =
  | { kind: 'honest' }
  | {
      kind: 'answer';
      status: number;
      body: BodyKind;
      /** Which field a `mutated` body breaks, and into what. */
      field: number;
      value: unknown;
      cut: number;
      retryAfter?: string;
      contentType?: string;
    }
  | { kind: 'redirect'; status: number; target: 'other-host' | 'same-host' | 'garbage' }
  | { kind: 'reset-before' }
  | { kind: 'reset-mid' }
  | { kind: 'hang' }
  | { kind: 'not-http' }
  | { kind: 'short-content-length' }
  | { kind: 'bad-gzip' };

export type StorageBehaviour =
  | 'honest'
  | 'truncated'
  | 'longer'
  | 'redirect-loop'
  | 'redirect-honest'
  | 'forbidden'
  | 'hang'
  | 'reset';

/** Statuses the spec lists, ones it does not, and ones no service should send. */
const STATUSES = [
  200, 201, 202, 203, 204, 206, 299, 400, 401, 403, 404, 405, 409, 410, 413, 418, 422, 425, 429,
  451, 499, 500, 501, 502, 503, 504, 507, 520, 599,
];

const NASTY_VALUES: unknown[] = [
  null,
  5,
  -1,
  1e308,
  true,
  [],
  {},
  '',
  'paused',
  'x'.repeat(5000),
  'line one\n::error::injected by the service\r\n::set-output name=bundle-url::https://evil.example',
  '\u001b[31mred\u001b[0m',
  '../../etc/passwd',
  'https://evil.example/steal',
  '2026-13-45T99:99:99Z',
];

export const behaviourArb: fc.Arbitrary<Behaviour> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Behaviour>({ kind: 'honest' }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      status: fc.constantFrom(...STATUSES),
      body: fc.constantFrom<BodyKind>(
        'honest',
        'truncated',
        'mutated',
        'empty',
        'html',
        'huge',
        'drip',
        'binary',
        'deep',
        'error-json',
        'injection',
        'injection-ok',
        'proto',
      ),
      field: fc.nat(10),
      value: fc.constantFrom(...NASTY_VALUES),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
      retryAfter: fc.option(
        fc.constantFrom('0', '1', '-5', '99999999', 'soon', 'Wed, 21 Oct 2015 07:28:00 GMT', '1e3'),
        { nil: undefined },
      ),
      contentType: fc.option(
        fc.constantFrom('text/html', 'application/xml', 'application/json; charset=latin1', ''),
        { nil: undefined },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('redirect' as const),
      status: fc.constantFrom(301, 302, 303, 307, 308),
      target: fc.constantFrom('other-host' as const, 'same-host' as const, 'garbage' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Behaviour>(
      { kind: 'reset-before' },
      { kind: 'reset-mid' },
      { kind: 'hang' },
      { kind: 'not-http' },
      { kind: 'short-content-length' },
      { kind: 'bad-gzip' },
    ),
  },
);

export const storageArb: fc.Arbitrary<StorageBehaviour> = fc.constantFrom<StorageBehaviour>(
  'honest',
  'honest',
  'honest',
  'truncated',
  'longer',
  'redirect-loop',
  'redirect-honest',
  'forbidden',
  'hang',
  'reset',
);

export interface HostileCase {
  plan: Behaviour[];
  storage: StorageBehaviour[];
  agent: boolean;
  download: boolean;
  /** The agent sub-action: follow up an existing job (true) or create one. */
  followUp: boolean;
}

export const caseArb: fc.Arbitrary<HostileCase> = fc.record({
  plan: fc.array(behaviourArb, { minLength: 1, maxLength: 6 }),
  storage: fc.array(storageArb, { minLength: 1, maxLength: 3 }),
  agent: fc.boolean(),
  download: fc.boolean(),
  followUp: fc.boolean(),
});

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** When it arrived (performance.now() of this process): request times relative to each other. */
  at: number;
}

export interface Hostile {
  baseUrl: string;
  storageOrigin: string;
  /** The signature of every honest link handed out. */
  signatures: string[];
  links: string[];
  apiRequests: SeenRequest[];
  storageRequests: SeenRequest[];
  close(): Promise<void>;
}

const BUNDLE = Buffer.alloc(64 * 1024, 7);

function honestBody(url: string, method: string, storageOrigin: string, signature: string) {
  const now = Date.now();
  const job = /\/v1\/static-export\/jobs\/([^/]+)/.exec(url)?.[1] ?? 'se_fuzz0001';
  if (url.startsWith('/v2/agent/')) {
    const id = /\/job\/([^/]+)/.exec(url)?.[1] ?? 'aj_fuzz0001';
    if (method === 'POST' && url.endsWith('/job'))
      return { status: 201, body: { id, status: 'active', prLink: null } };
    if (method === 'POST') return { status: 200, body: { id, status: 'active', prLink: null } };
    return {
      status: 200,
      body: {
        id,
        status: 'completed',
        prLink: 'https://github.com/acme/docs/pull/7',
        source: { repository: 'https://github.com/acme/docs', ref: null },
        createdAt: new Date(now - 1000).toISOString(),
      },
    };
  }
  if (url.endsWith('/bundle')) {
    return {
      status: 200,
      body: {
        jobId: job,
        bundleUrl: `${storageOrigin}/bundles/${job}.tar.gz?X-Amz-Expires=7200&X-Amz-Signature=${signature}`,
        sizeBytes: BUNDLE.length,
        expiresAt: new Date(now + 7_200_000).toISOString(),
      },
    };
  }
  if (method === 'POST')
    return {
      status: 202,
      body: { jobId: 'se_fuzz0001', status: 'queued', progress: 0, pageCount: 0 },
    };
  return {
    status: 200,
    body: {
      jobId: job,
      status: 'completed',
      progress: 100,
      pageCount: 3,
      createdAt: new Date(now - 2000).toISOString(),
      updatedAt: new Date(now).toISOString(),
    },
  };
}

function mutate(body: Record<string, unknown>, field: number, value: unknown) {
  const keys = Object.keys(body);
  const copy: Record<string, unknown> = { ...body };
  if (field >= keys.length) {
    delete copy[keys[field % keys.length]!];
  } else {
    copy[keys[field]!] = value;
  }
  return copy;
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

export async function startHostile(c: HostileCase): Promise<Hostile> {
  const sockets = new Set<Socket>();
  let closing = false;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const signatures: string[] = [];
  const links: string[] = [];
  const apiRequests: SeenRequest[] = [];
  const storageRequests: SeenRequest[] = [];
  let next = 0;
  let storageNext = 0;
  let storageOrigin = '';
  let apiOrigin = '';

  const api = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    apiRequests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      at: performance.now(),
    });
    const behaviour = c.plan[next++ % c.plan.length]!;
    const url = req.url ?? '/';
    const signature = `fuzzsig${String(signatures.length).padStart(4, '0')}${'ab12'.repeat(8)}`;
    const honest = honestBody(url, req.method ?? 'GET', storageOrigin, signature);
    // Every link that could be handed out (whole or within a broken body) is a secret to look for.
    if ('bundleUrl' in honest.body) {
      signatures.push(signature);
      links.push(String(honest.body.bundleUrl));
    }
    const sendJson = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    };
    const socket = req.socket;
    switch (behaviour.kind) {
      case 'honest':
        return sendJson(honest.status, honest.body);
      case 'redirect': {
        const location =
          behaviour.target === 'other-host'
            ? `${storageOrigin}/steal?from=${encodeURIComponent(url)}`
            : behaviour.target === 'same-host'
              ? `${apiOrigin}${url}`
              : 'ht!tp://[::not a url';
        res.writeHead(behaviour.status, { location }).end();
        return;
      }
      case 'reset-before':
        socket.resetAndDestroy();
        return;
      case 'reset-mid':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
        res.write(JSON.stringify(honest.body).slice(0, 20));
        later(20, () => socket.resetAndDestroy());
        return;
      case 'hang':
        return; // never answers; the socket is destroyed when the server closes
      case 'not-http':
        socket.end('SSH-2.0-OpenSSH_9.6\r\n\u0000\u0001garbage that is not HTTP\r\n\r\n');
        return;
      case 'short-content-length': {
        const text = JSON.stringify(honest.body);
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${text.length + 50}\r\n\r\n${text}`,
        );
        later(10, () => socket.end());
        return;
      }
      case 'bad-gzip':
        res
          .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
          .end('{"this is": "not gzip"}');
        return;
      case 'answer': {
        const headers: Record<string, string> = {
          'content-type': behaviour.contentType ?? 'application/json',
        };
        if (behaviour.retryAfter !== undefined) headers['retry-after'] = behaviour.retryAfter;
        const status = behaviour.status;
        const base = honest.body as Record<string, unknown>;
        const writeText = (text: string | Buffer) => {
          if (status === 204) {
            res.writeHead(status, headers).end();
            return;
          }
          res.writeHead(status, headers).end(text);
        };
        switch (behaviour.body) {
          case 'honest':
            if (status === 204) return writeText('');
            return sendJson(status, base);
          case 'truncated': {
            const text = JSON.stringify(base);
            return writeText(text.slice(0, Math.floor(text.length * behaviour.cut)));
          }
          case 'mutated':
            return writeText(JSON.stringify(mutate(base, behaviour.field, behaviour.value)));
          case 'empty':
            return writeText('');
          case 'html':
            return writeText(
              '<!doctype html><html><head><title>502 Bad Gateway\n::error::x</title></head><body>nginx</body></html>',
            );
          case 'binary':
            return writeText(Buffer.from([0xff, 0xfe, 0x00, 0x1b, 0x5b, 0x32, 0x4a, 0x0a, 0x3a]));
          case 'deep':
            return writeText(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
          case 'error-json':
            // Whatever String() makes of the value, '[object Object]' included: the fixture as it was.
            // eslint-disable-next-line @typescript-eslint/no-base-to-string
            return writeText(JSON.stringify({ error: String(behaviour.value ?? 'null') }));
          case 'injection':
            return writeText(
              JSON.stringify({
                ...base,
                jobId: 'se_1\n::error::injected',
                id: 'aj_1\n::warning::injected',
                error: 'broken\n::error::injected\r\n::add-mask::x',
                status: status < 300 ? 'failed' : base.status,
              }),
            );
          case 'injection-ok':
            // Valid ids and a finished job, with a command hidden in every free-text field:
            // the success path prints some of them (the pull-request link, say).
            return writeText(
              JSON.stringify({
                ...base,
                status: status < 300 ? 'completed' : base.status,
                prLink: 'https://github.com/acme/docs/pull/7\n::error::injected',
                error: 'none\n::warning::injected',
                model: 'm\r::error::injected',
                createdAt: '2026-11-22T10:00:00Z\n::add-mask::x',
                updatedAt: '2026-11-22T10:00:00Z\u2028::error::injected',
                source: { repository: 'acme/docs\n::error::injected', ref: 'main' },
              }),
            );
          case 'proto':
            return writeText(
              `{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, ${JSON.stringify(base).slice(1)}`,
            );
          case 'huge': {
            res.writeHead(status, headers);
            const chunk = Buffer.alloc(256 * 1024, 0x20);
            let sent = 0;
            const pump = () => {
              while (sent < 16 * 1024 * 1024) {
                sent += chunk.length;
                if (!res.write(chunk)) {
                  res.once('drain', pump);
                  return;
                }
              }
              res.end();
            };
            res.on('error', () => undefined);
            pump();
            return;
          }
          case 'drip': {
            res.writeHead(status, headers);
            const text = JSON.stringify(base);
            let i = 0;
            const tick = () => {
              if (res.destroyed) return;
              if (i >= text.length) return void res.end();
              res.write(text[i++]!);
              later(150, tick);
            };
            tick();
            return;
          }
        }
      }
    }
  });

  const storage = createServer((req, res) => {
    req.resume();
    storageRequests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      at: performance.now(),
    });
    if (req.url?.startsWith('/steal')) return void res.writeHead(200).end('{"stolen": true}');
    const behaviour = c.storage[storageNext++ % c.storage.length]!;
    switch (behaviour) {
      case 'honest':
        return void res
          .writeHead(200, {
            'content-type': 'application/gzip',
            'content-length': String(BUNDLE.length),
          })
          .end(BUNDLE);
      case 'truncated':
        res.writeHead(200, { 'content-length': String(BUNDLE.length) });
        res.write(BUNDLE.subarray(0, 1000));
        later(10, () => req.socket.destroy());
        return;
      case 'longer':
        return void res.writeHead(200).end(Buffer.concat([BUNDLE, BUNDLE]));
      case 'redirect-loop':
        return void res.writeHead(302, { location: req.url ?? '/' }).end();
      case 'redirect-honest':
        return void res
          .writeHead(307, { location: `${req.url}${req.url?.includes('?') ? '&' : '?'}r=1` })
          .end();
      case 'forbidden':
        return void res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      case 'hang':
        return;
      case 'reset':
        req.socket.resetAndDestroy();
        return;
    }
  });

  for (const server of [api, storage]) {
    server.on('connection', (socket) => {
      // A connection accepted while close() runs would keep the server open for good.
      if (closing) return void socket.destroy();
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    });
    server.on('clientError', (_e, socket) => socket.destroy());
  }
  const apiPort = await listen(api, '127.0.0.1');
  const storagePort = await listen(storage, '127.0.0.2');
  apiOrigin = `http://127.0.0.1:${apiPort}`;
  storageOrigin = `http://127.0.0.2:${storagePort}`;

  return {
    baseUrl: apiOrigin,
    storageOrigin,
    signatures,
    links,
    apiRequests,
    storageRequests,
    async close() {
      closing = true;
      for (const t of timers) clearTimeout(t);
      const closed = Promise.all(
        [api, storage].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      );
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
