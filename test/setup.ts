/**
 * Runs before every test file (vitest's setupFiles), also in a worker that keeps its modules from
 * one file to the next (isolate: false), where a helper's own hooks would belong only to the
 * first file that loaded it: so the shared hooks are registered here.
 */
import { afterAll, afterEach } from 'vitest';
import type { RunnerTask } from 'vitest';
import { closeAll } from './helpers/sim.js';

/** Whether any test of `task` (a file or a suite) runs concurrently. */
const hasConcurrent = (task: RunnerTask): boolean =>
  task.type === 'suite' ? task.tasks.some(hasConcurrent) : task.concurrent === true;

// After each test in a file whose tests run one after another. In a file with concurrent tests,
// after the file: a test that ends must not close a server another test is still talking to, and
// an it.sequential inside a describe.concurrent runs while the file's other describe.concurrent
// suites still have tests running (a plain describe after them runs once they have ended).
afterEach(async ({ task }) => {
  if (!hasConcurrent(task.file)) await closeAll();
});
afterAll(closeAll);
