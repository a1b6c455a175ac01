/**
 * Runs before every test file (vitest's setupFiles), also in a worker that keeps its modules from
 * one file to the next (isolate: false), where a helper's own hooks would belong only to the
 * first file that loaded it: so the shared hooks are registered here.
 */
import { afterAll, afterEach } from 'vitest';
import { closeAll } from './helpers/sim.js';

// After each test; in a file whose tests run concurrently, after the last one (a test that ends
// must not close a server another test is still talking to).
afterEach(async ({ task }) => {
  if (!task.concurrent) await closeAll();
});
afterAll(closeAll);
