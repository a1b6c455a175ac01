import { describe, expect, it } from 'vitest';
import { followUp } from '../../src/agent/pipeline.js';
import { createAgentJob } from '../../src/api/agent.js';
import { parseAgentInputs } from '../../src/agent/inputs.js';
import { memoryLogger } from '../../src/shared/logger.js';
import type { Reporter } from '../../src/shared/logger.js';
import { UserError } from '../../src/shared/errors.js';
import { client, sim } from '../helpers/sim.js';
import type { AgentScenario } from '../../simulator/server.js';

function reporter(): Reporter & { lines: string[] } {
  const logger = memoryLogger();
  return { ...logger, group: (_name, fn) => fn(), secret: () => undefined };
}

async function runWith(agent: Partial<AgentScenario>) {
  const s = await sim({ agent: { activeMs: 100, ...agent } });
  const { inputs } = parseAgentInputs(
    (name) =>
      ({
        'api-key': s.apiKey,
        'project-id': s.projectId,
        prompt: 'x',
        'poll-interval': '1s',
        'base-url': s.baseUrl,
      })[name] ?? '',
  );
  const r = reporter();
  const result = await followUp(inputs, { reporter: r, client: client(s) }).catch(
    (e: unknown) => e,
  );
  return { result, lines: r.lines };
}

describe('agent status handling', () => {
  it('completed with a pull request', async () => {
    const { result, lines } = await runWith({ outcome: 'completed' });
    expect(result).toMatchObject({ created: true, waited: true, job: { status: 'completed' } });
    expect(lines.join('\n')).toMatch(
      /info: Pull request: https:\/\/github.com\/acme\/docs\/pull\/\d+/,
    );
  });

  it('completed without one: a notice', async () => {
    const { lines } = await runWith({ outcome: 'completed', prLink: false });
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^notice: Agent job aj_\w+ completed with no pull request: no files changed\.$/,
      ),
    );
  });

  it('archived: a warning', async () => {
    const { result, lines } = await runWith({ outcome: 'archived' });
    expect(result).toMatchObject({ job: { status: 'archived' } });
    expect(lines).toContainEqual(
      expect.stringMatching(/^warning: Agent job aj_\w+ was archived\.$/),
    );
  });

  it('failed: an error naming the job', async () => {
    const { result } = await runWith({ outcome: 'failed' });
    expect(result).toBeInstanceOf(UserError);
    expect((result as Error).message).toMatch(
      /^Agent job aj_\w+ failed on https:\/\/github.com\/acme\/docs\./,
    );
  });
});

describe('a follow-up to a job busy at the send, with a sign from the pull request', () => {
  it("the busy work's own commits are not a sign: the result is the job's after it took the message up", async () => {
    // Busy for 800 ms with an earlier instruction; the message is taken up 2.5 s after it is sent.
    const s = await sim({ agent: { activeMs: 800, pickupMs: 2500, followUpPr: 'same' } });
    const c = client(s);
    const { id } = await createAgentJob(c, s.projectId, 'Rewrite the quickstart');
    const { inputs } = parseAgentInputs(
      (name) =>
        ({
          'api-key': s.apiKey,
          'project-id': s.projectId,
          'job-id': id,
          prompt: 'Shorten the intro',
          'poll-interval': '1s',
          'base-url': s.baseUrl,
        })[name] ?? '',
    );
    // The pull request's head as the review loop reads it: the busy work pushed a commit before
    // the job showed its end (here, at once); nothing else moves it.
    const before = 'head-before-the-send';
    let baseline = before;
    const head = 'pushed-by-the-busy-work';
    const asked: string[] = [];
    const pickupSign = (rebase?: boolean) => {
      asked.push(rebase ? 'rebase' : 'sign');
      if (rebase) baseline = head;
      return Promise.resolve(!rebase && head !== baseline ? 'a new commit' : undefined);
    };
    const r = reporter();
    const result = await followUp(inputs, { reporter: r, client: c, pickupSign });
    expect(asked[0]).toBe('rebase');
    const took = r.lines.find((l) => l.includes('took the follow-up up'));
    expect(took).toMatch(/\(active after the send\)/);
    expect(result.job.status).toBe('completed');
    // The result came once the work on this message was done (taken up, then 800 ms), not from
    // the busy work's end.
    expect(Date.now()).toBeGreaterThanOrEqual(s.agentJobs.get(id)!.pickupAt + 800);
  });
});
