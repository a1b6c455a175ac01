import { describe, expect, it } from 'vitest';
import { AgentStopped } from '../../src/agent/job.js';
import { followUp } from '../../src/agent/pipeline.js';
import { parseAgentInputs } from '../../src/agent/inputs.js';
import { memoryLogger } from '../../src/shared/logger.js';
import type { Reporter } from '../../src/shared/logger.js';
import { UserError } from '../../src/shared/errors.js';
import { client, finishedAgentJob, sim } from '../helpers/sim.js';
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

describe.concurrent('agent status handling', () => {
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

/** A follow-up 'y' to `jobId` on the simulator; what it threw (or its result). */
async function followUpOn(s: Awaited<ReturnType<typeof sim>>, jobId: string, more = {}) {
  const given: Record<string, string> = {
    'api-key': s.apiKey,
    'project-id': s.projectId,
    'job-id': jobId,
    prompt: 'y',
    'base-url': s.baseUrl,
    ...more,
  };
  const { inputs } = parseAgentInputs((name) => given[name] ?? '');
  return followUp(inputs, { reporter: reporter(), client: client(s) }).catch((e: unknown) => e);
}

describe.concurrent('an answer about another job than the job-id', () => {
  it.each([
    ['the read before the send', 'get-agent', /Nothing was sent\./, 0],
    ['the answer to the message', 'message', /The message was sent to aj_\w+; look at that job/, 1],
  ] as const)(
    '%s: the run stops with an error naming both jobs',
    async (_, op, words, messages) => {
      const s = await sim({ agent: { activeMs: 100 } });
      const jobId = await finishedAgentJob(s, 'x');
      s.inject({
        op,
        fault: {
          type: 'json',
          body: {
            id: 'aj_0ther000000000',
            status: 'completed',
            prLink: 'https://github.com/acme/docs/pull/999',
          },
        },
      });
      const error = await followUpOn(s, jobId);
      expect(error).toBeInstanceOf(UserError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^Asked about agent job ${jobId}, the service answered about job aj_0ther000000000`,
        ),
      );
      expect((error as Error).message).toMatch(words);
      expect(s.requestsFor('message')).toHaveLength(messages);
    },
  );
});

describe.concurrent('a stop says how far the message got', () => {
  it.each([
    [
      'during the read before the send: nothing was sent',
      'get-agent',
      /before the follow-up to agent job aj_\w+ was sent: nothing was sent/,
      'no',
    ],
    [
      'during the send, no answer yet: it may have been sent',
      'message',
      /while the follow-up to agent job aj_\w+ was on its way, before the service answered: it may have been sent/,
      'maybe',
    ],
  ] as const)('%s', async (_, op, words, sent) => {
    const s = await sim({ agent: { activeMs: 100 } });
    const jobId = await finishedAgentJob(s, 'x');
    s.inject({ op, fault: { type: 'delay', ms: 3000 } });
    const error = await followUpOn(s, jobId, { timeout: '1s' });
    expect(error).toBeInstanceOf(AgentStopped);
    expect((error as Error).message).toMatch(words);
    expect((error as AgentStopped).sent).toBe(sent);
  });
});
