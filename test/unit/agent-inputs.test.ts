import { describe, expect, it } from 'vitest';
import { parseAgentInputs } from '../../src/agent/inputs.js';
import { actionYaml } from '../helpers/action.js';

const declared = actionYaml('agent/action.yml').inputs;
const read = (given: Record<string, string>) => (name: string) => {
  if (!(name in declared)) throw new Error(`read undeclared input ${name}`);
  return given[name] ?? declared[name]!.default ?? '';
};
const base = { 'api-key': 'mint_x', 'project-id': 'proj_1', prompt: '  Fix the typos  ' };

describe('agent inputs', () => {
  it('reads the defaults', () => {
    const { inputs } = parseAgentInputs(read(base));
    expect(inputs).toMatchObject({
      projectId: 'proj_1',
      prompt: 'Fix the typos',
      jobId: undefined,
      wait: true,
      timeoutMs: 1_800_000,
      pollInterval: 'auto',
    });
    expect(inputs.baseUrl.href).toBe('https://api.mintlify.com/');
  });

  it.each([
    [{ prompt: '' }, /^Input "prompt" is empty/],
    [{ prompt: ' \n\t' }, /^Input "prompt" contains only white space/],
    [{ 'project-id': '' }, /^Input "project-id" is empty/],
    [{ 'project-id': 'proj 1' }, /^Input "project-id" \("proj 1"\) is not a project id/],
    [{ 'job-id': 'aj/1' }, /^Input "job-id" \("aj\/1"\) is not an agent job id/],
    [{ wait: 'maybe' }, /^Input "wait" \("maybe"\) is not a boolean/],
    [{ timeout: '0s' }, /^Input "timeout" \("0s"\) is shorter than 1s/],
    [{ 'poll-interval': '100ms' }, /^Input "poll-interval" \("100ms"\) is shorter than 1s/],
    [{ 'api-key': 'mint_dsc_1' }, /public assistant key/],
  ])('refuses %j', (given, message) => {
    expect(() => parseAgentInputs(read({ ...base, ...given }))).toThrow(message);
  });
});
