/**
 * A team's own bucket, standing in for S3 or MinIO behind a stable URL: it serves the files it is
 * given, answers HEAD (or refuses it, as a presigned GET link does), honours `Range: bytes=a-b`,
 * and records every request.
 */
import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from '../../simulator/http.js';
import { closeAfterTest } from './sim.js';

export interface Mirror {
  url: string;
  files: Map<string, Buffer>;
  requests: { method: string; path: string; range: string | undefined; status: number }[];
  close(): Promise<void>;
}

export async function startMirror(options: { refuseHead?: boolean } = {}): Promise<Mirror> {
  const files = new Map<string, Buffer>();
  const requests: Mirror['requests'] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://mirror').pathname;
    const range = req.headers.range;
    const answer = (status: number, headers: Record<string, string>, body?: Buffer | string) => {
      requests.push({ method: req.method ?? '', path, range, status });
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
    };
    const file = files.get(path);
    if (req.method === 'HEAD' && options.refuseHead)
      return answer(403, { 'content-type': 'application/xml' });
    if (!file)
      return answer(
        404,
        { 'content-type': 'application/xml' },
        '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
      );
    const asked = req.method === 'GET' && range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
    if (asked) {
      const from = Number(asked[1]);
      const to = Math.min(Number(asked[2]), file.length - 1);
      if (from > to) return answer(416, { 'content-range': `bytes */${file.length}` });
      return answer(
        206,
        {
          'content-range': `bytes ${from}-${to}/${file.length}`,
          'content-length': String(to - from + 1),
        },
        file.subarray(from, to + 1),
      );
    }
    answer(
      200,
      { 'content-type': 'application/gzip', 'content-length': String(file.length) },
      file,
    );
  });
  const { url, close } = await listenOnLoopback(server);
  const mirror: Mirror = { url, files, requests, close };
  closeAfterTest(mirror);
  return mirror;
}
