/**
 * An export job of the simulator that has finished, for the client tests: the simulator's
 * `fast` timing, then a wait past it.
 */
import type { ServiceClient } from '../../src/api/client.js';
import { startExport } from '../../src/api/static-export.js';
import { wait } from './sim.js';

export const fast = { queuedMs: 50, runningMs: 200 };

export async function finishedJob(c: ServiceClient) {
  const job = await startExport(c, { domain: 'docs.example.com' });
  await wait(fast.queuedMs + fast.runningMs + 30);
  return job;
}
