/**
 * The simulator's object-storage origin: presigned bundle links (an S3-style signature over the
 * path, the signing time and the lifetime), checked on every download, refused with S3's own
 * `<Code>`/`<Message>` bodies when wrong or expired, and the bundle archive each job serves.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, readBody, writeFiller } from './http.js';
import { tarGz } from './tar.js';
import type { ExportJobState, Fault, RecordedRequest, SimOperation } from './types.js';

/** What the origin needs of the simulator around it. */
export interface StorageHost {
  readonly requests: RecordedRequest[];
  readonly exportJobs: Map<string, ExportJobState>;
  now(): number;
  pickFault(op: SimOperation): Fault | undefined;
}

/** The job's archive: one HTML page per path (built once). */
export function bundleFor(job: ExportJobState): Buffer {
  if (!job.bundle) {
    const pages =
      job.paths ??
      Array.from({ length: job.scenario.pageCount }, (_, i) => (i === 0 ? 'index' : `page-${i}`));
    job.bundle = tarGz(
      pages.map((page) => ({
        name: `site/${page.replace(/^\/+/, '')}.html`.slice(0, 100),
        content: `<!doctype html><html><head><title>${escapeHtml(page)} · ${escapeHtml(job.domain)}</title></head><body><h1>${escapeHtml(page)}</h1><p>Exported from ${escapeHtml(job.domain)}${job.version ? ` version ${escapeHtml(job.version)}` : ''}.</p></body></html>\n`,
      })),
      job.createdAt,
    );
  }
  return job.bundle;
}

export class StorageOrigin {
  /** Where it listens, once started. */
  url = '';

  constructor(
    private readonly host: StorageHost,
    private readonly secret: string,
  ) {}

  sign(path: string, date: string, expiresSeconds: string): string {
    return createHmac('sha256', this.secret)
      .update(`${path}\n${date}\n${expiresSeconds}`)
      .digest('hex');
  }

  presign(path: string, expires: number): string {
    const signedAt = Math.floor(this.host.now() / 1000) * 1000;
    const date = new Date(signedAt).toISOString().replace(/[-:]|\.\d{3}/g, '');
    // Whole seconds from the (truncated) signing time, never past expiresAt.
    const expiresSeconds = String(Math.max(1, Math.floor((expires - signedAt) / 1000)));
    const query = new URLSearchParams({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'SIMULATOR/20260101/us-east-1/s3/aws4_request',
      'X-Amz-Date': date,
      'X-Amz-Expires': expiresSeconds,
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': this.sign(path, date, expiresSeconds),
    });
    return `${this.url}${path}?${query.toString()}`;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await readBody(req);
    const url = new URL(req.url ?? '/', 'http://storage');
    const record: RecordedRequest = {
      op: 'download',
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      body: undefined,
      status: 0,
      at: this.host.now(),
    };
    this.host.requests.push(record);
    const xml = (status: number, code: string, message: string) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
      );
    };
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return xml(405, 'MethodNotAllowed', 'Method not allowed');
    if (req.headers.authorization) {
      return xml(
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter should be specified',
      );
    }
    const m = /^\/bundles\/([^/]+)\/site\.tar\.gz$/.exec(url.pathname);
    const job = m ? this.host.exportJobs.get(m[1]!) : undefined;
    const date = url.searchParams.get('X-Amz-Date') ?? '';
    const expiresSeconds = url.searchParams.get('X-Amz-Expires') ?? '';
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    const expected = this.sign(url.pathname, date, expiresSeconds);
    if (
      !job ||
      signature.length !== expected.length ||
      !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
    ) {
      return xml(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided',
      );
    }
    const signedAt = Date.parse(
      date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (Number.isNaN(signedAt) || this.host.now() > signedAt + Number(expiresSeconds) * 1000) {
      return xml(403, 'AccessDenied', 'Request has expired');
    }
    const fault = this.host.pickFault('download');
    if (fault) record.fault = fault.type;
    if (fault?.type === 'expired') return xml(403, 'AccessDenied', 'Request has expired');
    if (fault?.type === 'status') {
      record.status = fault.status;
      res.writeHead(fault.status, { 'content-type': fault.contentType ?? 'application/xml' });
      res.end(fault.body ?? '<Error><Code>InternalError</Code></Error>');
      return;
    }
    if (fault?.type === 'redirect') {
      // Object stores and CDNs do redirect (region moves, edge nodes): the link alone must follow.
      record.status = fault.status ?? 307;
      res.writeHead(record.status, { location: fault.location });
      res.end();
      return;
    }
    const archive = bundleFor(job);
    const extra = job.scenario.extraBundleBytes;
    record.status = 200;
    res.writeHead(200, {
      'content-type': 'application/gzip',
      'content-length': String(archive.length + extra),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    res.on('error', () => undefined);
    if (fault?.type === 'reset') {
      res.write(archive.subarray(0, Math.floor(archive.length / 2)));
      setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    res.write(archive);
    // Padding after the gzip member: enough for throughput tests, never held in memory whole.
    writeFiller(res, extra, 0, '');
  }
}
