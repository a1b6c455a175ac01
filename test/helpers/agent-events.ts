/**
 * The review loop's events as the end-to-end files drive them: a payload file from
 * test/fixtures/events (shaped as GitHub sends it) changed for the case, the announce an earlier
 * run posted, and dist/agent started on the event against the simulator and the GitHub stand-in.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Simulator } from '../../simulator/server.js';
import { runAgent, type ActionRun } from './action.js';
import type { FakeGitHub } from './github-api.js';

export type Payload = Record<string, Record<string, unknown>>;

export interface EventFile {
  /** GITHUB_EVENT_NAME. */
  name: string;
  /** GITHUB_EVENT_PATH. */
  path: string;
  payload: Payload;
}

const FIXTURES = new URL('../fixtures/events/', import.meta.url);

/** The fixture `file` as event `name`, changed as `edit` says, written to a new file. */
export async function eventFile(
  file: string,
  name: string,
  edit: (payload: Payload) => void = () => undefined,
): Promise<EventFile> {
  const payload = JSON.parse(await readFile(new URL(file, FIXTURES), 'utf8')) as Payload;
  edit(payload);
  const dir = await mkdtemp(join(tmpdir(), 'event-'));
  const path = join(dir, 'event.json');
  await writeFile(path, JSON.stringify(payload));
  return { name, path, payload };
}

/** The announce of a job, as an earlier run posted it. */
export const announced = (jobId: string): string =>
  `<!-- docs-agent-job: ${jobId} -->\n**Docs agent**: this pull request is the work of agent job \`${jobId}\`.\n`;

/** dist/agent as a runner starts it on `event` (poll-interval 1s unless `more` says otherwise). */
export function agentOnEvent(
  event: { name: string; path: string },
  s: Simulator,
  g: FakeGitHub,
  more: Parameters<typeof runAgent>[1] = {},
): Promise<ActionRun> {
  return runAgent(s, {
    ...more,
    inputs: { 'poll-interval': '1s', ...more.inputs },
    env: {
      GITHUB_API_URL: g.apiUrl,
      GITHUB_EVENT_NAME: event.name,
      GITHUB_EVENT_PATH: event.path,
      ...more.env,
    },
  });
}
