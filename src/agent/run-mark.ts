/**
 * The workflow run that claimed an item, on a hidden line of the claim's reply, right after its
 * `taken` line: `<!-- docs-agent-run: 111 attempt 1 -->`. Only the claim ("Sending") carries it;
 * the reply edited with the outcome, or released, does not. So a reply with both lines is a claim
 * whose run never reported, and the line says which run to ask about (abandoned.ts); it also lets
 * a run whose claim got no answer find its own reply among others. A claim of an earlier version
 * of the action has no such line, and is read as before.
 */

/** A workflow run: GITHUB_RUN_ID, and GITHUB_RUN_ATTEMPT (a re-run keeps the id, adds one here). */
export interface RunId {
  id: number;
  attempt: number;
}

const DIGITS = /^[1-9]\d{0,18}$/;

/** The run the runner says this is; undefined off a runner (no GITHUB_RUN_ID). */
export function runFromEnv(env: NodeJS.ProcessEnv): RunId | undefined {
  const id = env.GITHUB_RUN_ID?.trim() ?? '';
  if (!DIGITS.test(id)) return undefined;
  const attempt = env.GITHUB_RUN_ATTEMPT?.trim() ?? '';
  return { id: Number(id), attempt: DIGITS.test(attempt) ? Number(attempt) : 1 };
}

export function runLine(run: RunId): string {
  return `<!-- docs-agent-run: ${run.id} attempt ${run.attempt} -->`;
}

const RUN_LINE = /^<!-- docs-agent-run: ([1-9]\d{0,18}) attempt ([1-9]\d{0,18}) -->$/;

/** The run a reply's body names on a line of its own (the first such line), if any. */
export function runIn(body: string): RunId | undefined {
  for (const line of body.split('\n')) {
    const m = RUN_LINE.exec(line);
    if (m) return { id: Number(m[1]), attempt: Number(m[2]) };
  }
  return undefined;
}

export function sameRun(a: RunId | undefined, b: RunId | undefined): boolean {
  return a !== undefined && b !== undefined && a.id === b.id && a.attempt === b.attempt;
}
