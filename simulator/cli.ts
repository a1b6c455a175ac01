/**
 * `npm run simulator -- [--port N] [--storage-port N] [--seed N] [--export-ms N] [--queued-ms N]
 *   [--pages N] [--outcome completed|failed|never] [--fault-rate 0.2] [--link-ttl SECONDS]
 *   [--pickup-ms N] [--api-key KEY]`
 * Starts the service simulator on loopback and prints how to point the action or curl at it.
 */
import { parseArgs } from 'node:util';
import { startSimulator } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'storage-port': { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    'export-ms': { type: 'string', default: '20000' },
    'queued-ms': { type: 'string', default: '2000' },
    pages: { type: 'string', default: '42' },
    outcome: { type: 'string', default: 'completed' },
    'fault-rate': { type: 'string', default: '0' },
    'link-ttl': { type: 'string', default: String(6 * 3600) },
    // How long an agent job takes to take a follow-up up (the old answer meanwhile).
    'pickup-ms': { type: 'string', default: '1000' },
    'api-key': { type: 'string' },
  },
});

function num(name: keyof typeof values): number {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`simulator: --${name} must be a non-negative number, got "${values[name]}"`);
    process.exit(2);
  }
  return value;
}

const outcome = values.outcome;
if (outcome !== 'completed' && outcome !== 'failed' && outcome !== 'never') {
  console.error(`simulator: --outcome must be completed, failed or never, got "${outcome}"`);
  process.exit(2);
}

const sim = await startSimulator({
  port: num('port'),
  storagePort: num('storage-port'),
  seed: num('seed'),
  apiKey: values['api-key'],
  faultRate: num('fault-rate'),
  bundleTtlMs: num('link-ttl') * 1000,
  export: {
    runningMs: num('export-ms'),
    queuedMs: num('queued-ms'),
    pageCount: num('pages'),
    outcome,
  },
  agent: { pickupMs: num('pickup-ms') },
});

console.log(`Service simulator listening
  base-url:    ${sim.baseUrl}
  storage:     ${sim.storageUrl}
  api-key:     ${sim.apiKey}        (a test key; ${sim.noPlanKey} answers 403 on exports)
  project-id:  ${sim.projectId}

Try it:
  curl -s -X POST ${sim.baseUrl}/v1/static-export/jobs \\
    -H 'Authorization: Bearer ${sim.apiKey}' -H 'Content-Type: application/json' \\
    -d '{"domain": "docs.example.com"}'
Press Ctrl+C to stop.`);

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
