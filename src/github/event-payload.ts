/**
 * The one reader of the event payload the runner writes (GITHUB_EVENT_PATH) where it only adds
 * what it knows (the default branch, the repository's visibility): not set, unreadable or not
 * JSON gives undefined, and the caller does without. The agent's reader (agent/event.ts) is
 * another matter: its event is its input, so a bad payload is an error there.
 */
import { readFile } from 'node:fs/promises';

export async function readEventPayload(path: string | undefined): Promise<unknown> {
  if (!path) return undefined;
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}
