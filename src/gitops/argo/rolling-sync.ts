/**
 * An ApplicationSet's `strategy: RollingSync` (Argo CD's progressive syncs, where the
 * ApplicationSet controller has them enabled): the controller turns automated sync off on every
 * Application it generates and syncs them itself, step by step, each step once the Applications
 * of the earlier ones are Healthy. An Application no step selects, or one a step with
 * `maxUpdate: 0` selects, is left to a sync by hand (argo-cd docs/operator-manual/applicationset/
 * Progressive-Syncs.md). Steps select by the generated Application's labels: every
 * `matchExpressions` entry must hold (`In`: the label's value is listed; `NotIn`: it is not).
 */
import { isObject, type Data } from '../../values/site.js';

/** What RollingSync does to one generated Application: a note, and whether it waits for a hand. */
export interface RollingSync {
  note: string;
  byHand: boolean;
}

export function rollingSyncOf(appSet: Data, label: string, app: Data): RollingSync | undefined {
  const spec = isObject(appSet.spec) ? appSet.spec : {};
  const strategy = isObject(spec.strategy) ? spec.strategy : {};
  if (strategy.type !== 'RollingSync') return undefined;
  const rolling = isObject(strategy.rollingSync) ? strategy.rollingSync : {};
  const steps = Array.isArray(rolling.steps) ? rolling.steps : [];
  const meta = isObject(app.metadata) ? app.metadata : {};
  const labels = isObject(meta.labels) ? meta.labels : {};
  const where = 'where progressive syncs are enabled';
  const at = steps.findIndex((step) => isObject(step) && selects(step, labels));
  if (at === -1)
    return {
      byHand: true,
      note: `${label} has strategy RollingSync and no step selects this Application: ${where}, the ApplicationSet controller turns its automated sync off and leaves it to a sync by hand`,
    };
  const step = steps[at] as Data;
  if (step.maxUpdate === 0 || step.maxUpdate === '0' || step.maxUpdate === '0%')
    return {
      byHand: true,
      note: `${label} has strategy RollingSync, and step ${at + 1}, which selects this Application, has maxUpdate: 0: ${where}, it is synced only by hand`,
    };
  return {
    byHand: false,
    note: `${label} has strategy RollingSync: ${where}, the ApplicationSet controller syncs this Application in step ${at + 1}, once the Applications of the earlier steps are Healthy (a delay, not a hand)`,
  };
}

function selects(step: Data, labels: Data): boolean {
  const expressions = Array.isArray(step.matchExpressions) ? step.matchExpressions : [];
  return expressions.every((e) => {
    if (!isObject(e) || typeof e.key !== 'string') return false;
    const values = Array.isArray(e.values) ? e.values.map(String) : [];
    const value = labels[e.key];
    const listed = typeof value === 'string' && values.includes(value);
    if (e.operator === 'In') return listed;
    if (e.operator === 'NotIn') return !listed;
    return false;
  });
}
