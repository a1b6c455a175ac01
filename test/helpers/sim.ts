import { createAgentJob } from '../../src/api/agent.js';
import { ServiceClient, type ClientOptions } from '../../src/api/client.js';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/server.js';
import { seededRandom } from '../../simulator/random.js';

const running: { close(): Promise<void> }[] = [];

/**
 * Closes everything registered with closeAfterTest. test/setup.ts calls it after each test (after
 * the file, when any of its tests runs concurrently), in every test file: hooks registered here, when the
 * module is loaded, would belong only to the first file of a worker that keeps its modules.
 */
export async function closeAll(): Promise<void> {
  await Promise.all(running.splice(0).map((r) => r.close()));
}

/**
 * Closes `thing` (a server, a stand-in, a client) after the current test, or after the file when
 * any of its tests runs concurrently. Every helper that starts something registers it here.
 */
export function closeAfterTest<T extends { close(): Promise<void> }>(thing: T): T {
  running.push(thing);
  return thing;
}

/** A simulator closed after the current test (or the file, when any of its tests is concurrent). */
export async function sim(options: SimulatorOptions = {}): Promise<Simulator> {
  return closeAfterTest(await startSimulator(options));
}

/** A client with quick retries, closed with the simulators. */
export function client(s: Simulator, options: Partial<ClientOptions> = {}): ServiceClient {
  const c = new ServiceClient({
    baseUrl: s.baseUrl,
    apiKey: s.apiKey,
    requestTimeoutMs: 2000,
    retry: { baseDelayMs: 20, maxDelayMs: 100 },
    random: seededRandom(3),
    ...options,
  });
  return closeAfterTest(c);
}

/** An agent job just created: still busy with its first work for the scenario's activeMs. */
export async function busyAgentJob(
  s: Simulator,
  prompt = 'Rewrite the quickstart',
): Promise<string> {
  const c = new ServiceClient({ baseUrl: s.baseUrl, apiKey: s.apiKey });
  try {
    return (await createAgentJob(c, s.projectId, prompt)).id;
  } finally {
    await c.close();
  }
}

/**
 * An agent job that has finished its first work (completed, with a pull request), as a follow-up
 * or a review comment finds it.
 */
export async function finishedAgentJob(
  s: Simulator,
  prompt = 'Rewrite the quickstart',
): Promise<string> {
  const id = await busyAgentJob(s, prompt);
  const job = s.agentJobs.get(id)!;
  job.activeSince -= job.scenario.activeMs;
  return id;
}

/** Runs `fn` and returns what it threw (fails the test if it did not throw). */
export async function caught<T = Error>(fn: () => Promise<unknown>): Promise<T> {
  try {
    await fn();
  } catch (error) {
    return error as T;
  }
  throw new Error('expected a rejection, got a result');
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
