/**
 * The live site of the end-to-end files (test/e2e/live-site.test.ts, and the site that fails in
 * test/reliability/faults.test.ts): a workspace whose values file a stand-in of the chart's pod
 * watches (simulator/pod.ts), and a publish into it against the simulator.
 */
import { join } from 'node:path';
import { startPod, type PodOptions, type PodStandIn } from '../../simulator/pod.js';
import { newWorkspace, publishPolling } from './action.js';
import { closeAfterTest, sim } from './sim.js';

const quick = { queuedMs: 0, runningMs: 150, pageCount: 3 };
/** The values file the pod reads, before the publish. */
export const SITE_VALUES = 'replicaCount: 1\nstaticExport:\n  enabled: false\n';

/** A workspace with a values file, and a pod that watches it. */
export async function site(
  mode: PodOptions['mode'] = 'live',
): Promise<{ ws: string; pod: PodStandIn }> {
  const ws = await newWorkspace({ 'values.yaml': SITE_VALUES });
  const pod = await startPod({ valuesFile: join(ws, 'values.yaml'), mode, restartDelayMs: 300 });
  closeAfterTest(pod);
  return { ws, pod };
}

/** A publish (helpers/action.ts publishPolling) into `ws`; `more` adds inputs. */
export async function publishWith(
  ws: string,
  more: Record<string, string>,
  env: Record<string, string> = {},
) {
  const s = await sim({ export: quick });
  const run = await publishPolling(s, {
    workspace: ws,
    env,
    inputs: more,
  });
  return { s, run };
}
