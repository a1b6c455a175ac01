/**
 * A stub Kubernetes API server that answers discovery (/version, /api, /apis and the resource
 * lists), which is all helm needs when HELM_DRIVER=memory swaps its cluster client for a fake.
 * Lets `helm upgrade --install` run for real, with no cluster.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenOnLoopback } from '../../simulator/http.js';

const resource = (name: string, kind: string, namespaced = true) => ({
  name,
  singularName: kind.toLowerCase(),
  namespaced,
  kind,
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
});

const ROUTES: Record<string, unknown> = {
  '/version': { major: '1', minor: '31', gitVersion: 'v1.31.0', platform: 'linux/amd64' },
  '/api': { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] },
  '/apis': {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [
      {
        name: 'apps',
        versions: [{ groupVersion: 'apps/v1', version: 'v1' }],
        preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
      },
    ],
  },
  '/api/v1': {
    kind: 'APIResourceList',
    groupVersion: 'v1',
    resources: [
      resource('configmaps', 'ConfigMap'),
      resource('secrets', 'Secret'),
      resource('services', 'Service'),
      resource('pods', 'Pod'),
      resource('namespaces', 'Namespace', false),
    ],
  },
  '/apis/apps/v1': {
    kind: 'APIResourceList',
    groupVersion: 'apps/v1',
    resources: [resource('deployments', 'Deployment')],
  },
};

export interface KubeStub {
  url: string;
  kubeconfig: string;
  /** Paths requested, in order. */
  seen: string[];
  close(): Promise<void>;
}

export async function startKubeStub(options: { delayMs?: number } = {}): Promise<KubeStub> {
  const seen: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    seen.push(`${req.method} ${path}`);
    const body = ROUTES[path];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        body ?? {
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          reason: 'NotFound',
          code: 404,
        },
      ),
    );
  };
  // A fault in the stand-in stays an unhandled rejection, which fails the test run.
  const server: Server = createServer((req, res) => void handle(req, res));
  const { url, close } = await listenOnLoopback(server);
  const dir = await mkdtemp(join(tmpdir(), 'kube-'));
  const kubeconfig = join(dir, 'config');
  await writeFile(
    kubeconfig,
    `apiVersion: v1
kind: Config
clusters:
  - name: stub
    cluster:
      server: ${url}
contexts:
  - name: stub
    context: {cluster: stub, user: stub, namespace: default}
current-context: stub
users:
  - name: stub
    user: {token: stub-token}
`,
    { mode: 0o600 },
  );
  return {
    url,
    kubeconfig,
    seen,
    close,
  };
}
