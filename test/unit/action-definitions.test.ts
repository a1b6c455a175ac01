import { describe, expect, it } from 'vitest';
import { AGENT_INPUTS } from '../../src/agent/inputs.js';
import { AgentOutputs } from '../../src/agent/outputs.js';
import { PUBLISH_INPUTS } from '../../src/publish/inputs.js';
import { Outputs } from '../../src/publish/outputs.js';
import { actionYaml } from '../helpers/action.js';

/** The code's input definitions are the ones action.yml declares: names, order, defaults. */
describe.each([
  { file: 'action.yml', inputs: PUBLISH_INPUTS, outputs: Outputs },
  { file: 'agent/action.yml', inputs: AGENT_INPUTS, outputs: AgentOutputs },
])('$file', ({ file, inputs, outputs }) => {
  const yml = actionYaml(file);

  it('declares the same inputs, in the same order', () => {
    expect(inputs.map((spec) => spec.name)).toEqual(Object.keys(yml.inputs));
  });

  it('has each default and required flag once, equal to action.yml', () => {
    const fromCode = inputs.map((spec) => [spec.name, spec.default, spec.required ?? false]);
    const fromYaml = Object.entries(yml.inputs).map(([name, spec]) => [
      name,
      spec.default,
      spec.required ?? false,
    ]);
    expect(fromCode).toEqual(fromYaml);
  });

  it('declares the same outputs', () => {
    expect(Object.values(outputs).sort()).toEqual(Object.keys(yml.outputs).sort());
  });
});
