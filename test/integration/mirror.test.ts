/** bundle-url's check against real HTTP servers: the GET of the first bytes, redirects, refusals. */
import { createServer, type RequestListener } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/api/client.js';
import { parsePublishInputs } from '../../src/publish/inputs.js';
import { publish } from '../../src/publish/pipeline.js';
import { memoryLogger, type Reporter } from '../../src/shared/logger.js';
import { Redactor } from '../../src/shared/secrets.js';
import { checkMirror } from '../../src/publish/mirror.js';
import { UserError } from '../../src/shared/errors.js';
import { startMirror } from '../helpers/mirror.js';
import { caught, closeAfterTest } from '../helpers/sim.js';
import { listenOnLoopback } from '../../simulator/http.js';

async function serve(handler: RequestListener): Promise<string> {
  return closeAfterTest(await listenOnLoopback(createServer(handler))).url;
}

const options = () => ({ deadline: Date.now() + 10_000, valuesDisplay: 'values.yaml' });
/** Gzip data as far as the check reads: the two magic bytes. */
const BUNDLE = Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.alloc(4998, 7)]);

describe.concurrent('checkMirror', () => {
  it('a GET of the first two bytes, no HEAD (a presigned GET link refuses it): the size from Content-Range', async () => {
    const m = await startMirror({ refuseHead: true });
    m.files.set('/docs/a.tar.gz', BUNDLE);
    expect(await checkMirror(`${m.url}/docs/a.tar.gz?sig=abc`, options())).toEqual({
      status: 206,
      sizeBytes: 5000,
    });
    expect(m.requests.map((r) => `${r.method} ${r.range} ${r.status}`)).toEqual([
      'GET bytes=0-1 206',
    ]);
  });

  it.each([
    [
      'a sign-in page behind a redirect to another host',
      'text/html; charset=utf-8',
      '<html>Sign in',
    ],
    ['an empty body from a server that ignores the range', 'application/octet-stream', ''],
    ['a file that is not gzip', 'application/x-tar', 'site/index.html'],
  ])('%s is refused, saying what answered and what it sent', async (_, type, body) => {
    const login = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': type }).end(body),
    );
    const front = await serve((_req, res) =>
      res.writeHead(302, { location: `${login}/login?next=%2Fdocs` }).end(),
    );
    const error = await caught<UserError>(() =>
      checkMirror(`${front}/docs/a.tar.gz?X-Amz-Signature=secret123456`, options()),
    );
    expect(error).toBeInstanceOf(UserError);
    const sent =
      body === ''
        ? 'an empty body'
        : `a body starting ${[...Buffer.from(body).subarray(0, 2)].map((b) => b.toString(16)).join(' ')} \\(Content-Type ${type.replace(/[+.]/g, '\\$&')}\\)`;
    expect(error.message).toMatch(
      new RegExp(
        `^Input "bundle-url": http://127\\.0\\.0\\.1:\\d+/docs/a\\.tar\\.gz\\?… answered HTTP 200 from http://127\\.0\\.0\\.1:\\d+ \\(where it redirected\\) with ${sent}, not gzip data \\(a \\.tar\\.gz starts 1f 8b\\): .* values\\.yaml was not changed\\.$`,
      ),
    );
    expect(error.message).not.toContain('secret123456');
  });

  it('follows redirects, and does not read a whole bundle from a server that ignores Range', async () => {
    let sent = 0;
    const big = Buffer.alloc(8 * 1024 * 1024, 1);
    big.set([0x1f, 0x8b]);
    const origin = await serve((req, res) => {
      res.writeHead(200, { 'content-length': String(big.length) });
      res.on('error', () => undefined);
      const pump = () => {
        while (sent < big.length) {
          const chunk = big.subarray(sent, sent + 65536);
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const front = await serve((_req, res) =>
      res.writeHead(302, { location: `${origin}/real.tar.gz` }).end(),
    );
    expect(await checkMirror(`${front}/x.tar.gz`, options())).toEqual({
      status: 200,
      sizeBytes: big.length,
    });
    expect(sent).toBeLessThan(big.length);
  });

  it('an empty object: the store answers the range with 416, refused as an unfinished upload', async () => {
    const m = await startMirror();
    m.files.set('/docs/empty.tar.gz', Buffer.alloc(0));
    const error = await caught<UserError>(() =>
      checkMirror(`${m.url}/docs/empty.tar.gz`, options()),
    );
    expect(error.message).toMatch(
      /^Input "bundle-url": http:\/\/127\.0\.0\.1:\d+\/docs\/empty\.tar\.gz answered HTTP 416 to a GET of its first bytes\. Check that the upload finished/,
    );
  });

  it('a missing file names the answer and the storage reason, without the query', async () => {
    const m = await startMirror();
    const error = await caught<UserError>(() =>
      checkMirror(`${m.url}/docs/gone.tar.gz?X-Amz-Signature=secret123456`, options()),
    );
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toMatch(
      /^Input "bundle-url": http:\/\/127\.0\.0\.1:\d+\/docs\/gone\.tar\.gz\?… answered HTTP 404 \(NoSuchKey: The specified key does not exist\.\) to a GET of its first bytes\. .*values\.yaml was not changed\.$/,
    );
    expect(error.message).not.toContain('secret123456');
  });

  it('a busy store (503) is tried once more', async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls++;
      if (calls === 1) return res.writeHead(503).end();
      res.writeHead(200, { 'content-length': '10' }).end(BUNDLE.subarray(0, 10));
    });
    expect((await checkMirror(`${url}/a.tar.gz`, options())).sizeBytes).toBe(10);
    expect(calls).toBe(2);
  });
});

describe.concurrent('publish() with bundle-url', () => {
  it("adds the link's secrets to the front door's redactor, as it does for an export's link", async () => {
    const m = await startMirror({ refuseHead: true });
    m.files.set('/docs/a.tar.gz', BUNDLE);
    const signature = '0123456789abcdef0123456789abcdef';
    const url = `${m.url}/docs/a.tar.gz?X-Amz-Expires=60&X-Amz-Signature=${signature}`;
    const workspace = await mkdtemp(join(tmpdir(), 'mirror-publish-'));
    // A values file that exists: a missing one nothing reads is refused.
    await writeFile(join(workspace, 'values.yaml'), '');
    const given: Record<string, string> = {
      'api-key': 'mint_unused_0123456789',
      'bundle-url': url,
      'values-file': 'values.yaml',
      'dry-run': 'true',
    };
    const { inputs } = parsePublishInputs((name) => given[name] ?? '', workspace);
    // A reporter that masks nothing itself: only the redactor can hide the link.
    const reporter: Reporter = { ...memoryLogger(), group: (_name, fn) => fn(), secret: () => {} };
    const redactor = new Redactor();
    const client = closeAfterTest(
      new ServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x' }),
    );
    const result = await publish(inputs, { reporter, client, redactor });
    expect(result.job).toBeUndefined();
    expect(redactor.redact(`helm said: ${url} (${signature})`)).toBe('helm said: *** (***)');
  });
});
