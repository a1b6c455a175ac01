/** The values files as this run would write them, planned in memory (values/plan.ts). */
import { planFileEdit, type FilePlan } from '../values/plan.js';
import type { ValuesFileRef } from '../values/target.js';
import type { PublishInputs } from './inputs.js';

type Plans = Map<string, { current: string; plan: FilePlan }>;
const planned = new WeakMap<PublishInputs, Plans>();

/**
 * The file's text as this run would write it, with `link`: the same planner, in memory. Planned
 * once per file and link in a run (the render check, its targets' layers and the proof ask again
 * with the same placeholder): a plan parses the file twice, which for a values file of 300 KiB
 * costs about half a second.
 */
export function plannedText(
  inputs: PublishInputs,
  file: ValuesFileRef,
  current: string,
  link: string,
): FilePlan {
  let plans = planned.get(inputs);
  if (!plans) planned.set(inputs, (plans = new Map() as Plans));
  const key = `${file.path}\n${link}`;
  const known = plans.get(key);
  if (known?.current === current) return known.plan;
  const plan = planFileEdit(
    current,
    file,
    { enabled: true, bundleUrl: link, version: inputs.version },
    inputs.valuesKey,
    inputs.valuesDocuments,
  );
  plans.set(key, { current, plan });
  return plan;
}
