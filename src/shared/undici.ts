/**
 * undici's `fetch` and `EnvHttpProxyAgent`, taken from their own files rather than from its index:
 * evaluating the index loads all of undici (mocks, caches, WebSocket, EventSource, cookies), and
 * its cookies module reads `globalThis.Headers`, which makes Node load its own built-in undici as
 * well, all before a run's first request (docs/performance.md, "Large values files and the cold
 * start"). `EnvHttpProxyAgent` is the class the index exports; `fetch` is the function the
 * index wraps only to mend stack traces (test/unit/undici-files.test.ts checks the class and
 * sends a request through this fetch and the agent). What needs the rest of undici (`request`, in http.ts) loads the index when first called.
 * These paths are undici's internals, not its API: package.json pins undici to one exact version,
 * so that a new one comes in only by a deliberate bump, which the build and that test check.
 */
import type { EnvHttpProxyAgent as EnvHttpProxyAgentClass, fetch as fetchFunction } from 'undici';
import api from 'undici/lib/api/index.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgentFile from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import fetchFile from 'undici/lib/web/fetch/index.js';

// What the index does as it loads, and a dispatcher needs: its request, stream, pipeline, upgrade
// and connect methods (a ProxyAgent opens its tunnel with its client's connect).
Object.assign(Dispatcher.prototype, api);

export const fetch: typeof fetchFunction = fetchFile.fetch;
export const EnvHttpProxyAgent: typeof EnvHttpProxyAgentClass = EnvHttpProxyAgentFile;
