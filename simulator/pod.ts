/**
 * A stand-in for the chart's pod, for tests of the live-site check. It watches the Helm values
 * file; when `staticExport.bundleUrl` changes it waits (the pod restarting), fetches the bundle
 * from that URL as the chart does on start-up, and serves the archive's pages: `/` is
 * `index.html`, `/a` is `a.html` or `a/index.html` (under the archive's root folder). Until then
 * it serves the previous site. Modes: `live` (as above), `stuck` (keeps serving the previous site:
 * a pod that never restarted, a cache in front of it), `error` (answers 500), `error-then-hang`
 * (answers 500 until the values change and the restart delay has passed, then holds every request
 * without an answer: a failing pod replaced by one stuck starting).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { untar } from './tar.js';
import { listenOnLoopback } from './http.js';

export type PodMode = 'live' | 'stuck' | 'error' | 'error-then-hang';

export interface PodOptions {
  /** The values file the chart is installed with. */
  valuesFile: string;
  mode?: PodMode;
  /** From the values change to the new bundle being served (a pod's restart). */
  restartDelayMs?: number;
  /** How often the values file is read. */
  watchIntervalMs?: number;
}

/** The page every path answers before any bundle was fetched. */
export const PREVIOUS_SITE =
  '<!doctype html><html><body><h1>The previous export</h1></body></html>\n';

export interface PodStandIn {
  url: string;
  mode: PodMode;
  /** Every bundle fetch, in order: the URL's path and the storage's status (0: no answer). */
  fetches: { path: string; status: number }[];
  close(): Promise<void>;
}

export async function startPod(options: PodOptions): Promise<PodStandIn> {
  let pages: Map<string, Buffer> | undefined;
  let failed: string | undefined;
  let seen: string | undefined;
  /** The values changed and the restart delay passed: the pod restarted. */
  let restarted = false;
  const fetches: PodStandIn['fetches'] = [];
  const pod = { mode: options.mode ?? 'live' };

  const load = async (bundleUrl: string) => {
    let status = 0;
    try {
      const response = await fetch(bundleUrl);
      status = response.status;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const files = untar(gunzipSync(Buffer.from(await response.arrayBuffer())));
      pages = new Map(files.map((f) => [f.name.replace(/^[^/]+\//, ''), f.content]));
      failed = undefined;
    } catch (error) {
      failed = (error as Error).message;
    } finally {
      fetches.push({ path: new URL(bundleUrl).pathname, status });
    }
  };

  const watch = setInterval(() => {
    if (pod.mode === 'stuck') return;
    void readFile(options.valuesFile, 'utf8').then(
      (text) => {
        const values = parse(text) as { staticExport?: { enabled?: boolean; bundleUrl?: string } };
        const url = values?.staticExport?.enabled ? values.staticExport.bundleUrl : undefined;
        if (!url || url === seen) return;
        seen = url;
        setTimeout(() => {
          restarted = true;
          void load(url);
        }, options.restartDelayMs ?? 200).unref();
      },
      () => undefined,
    );
  }, options.watchIntervalMs ?? 50);
  watch.unref();

  const server: Server = createServer((req, res) => {
    if (pod.mode === 'error-then-hang' && restarted) return;
    if (pod.mode === 'error' || pod.mode === 'error-then-hang') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (failed) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end(`bundle fetch failed: ${failed}`);
      return;
    }
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (!pages) {
      res.writeHead(200, html).end(PREVIOUS_SITE);
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://pod').pathname).slice(1);
    const names =
      path === '' || path.endsWith('/')
        ? [`${path}index.html`]
        : [`${path}.html`, `${path}/index.html`];
    const page = names.map((name) => pages!.get(name)).find((body) => body !== undefined);
    if (page) res.writeHead(200, html).end(page);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    get mode() {
      return pod.mode;
    },
    set mode(mode: PodMode) {
      pod.mode = mode;
    },
    fetches,
    close: () => {
      clearInterval(watch);
      return listening.close();
    },
  };
}
