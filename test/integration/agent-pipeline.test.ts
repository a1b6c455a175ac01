import { describe, expect, it } from 'vitest';
import { followUp } from '../../src/agent/pipeline.js';
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
