// Types for the files of undici that undici.ts imports: those of its index's exports.
declare module 'undici/lib/web/fetch/index.js' {
  const file: { fetch: typeof import('undici').fetch };
  export default file;
}

declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  const file: typeof import('undici').EnvHttpProxyAgent;
  export default file;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  const file: typeof import('undici').Dispatcher;
  export default file;
}

declare module 'undici/lib/api/index.js' {
  const file: Record<'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect', unknown>;
  export default file;
}
