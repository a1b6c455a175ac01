/**
 * `npm run demo` as a newcomer runs it after a clone: the built action against the simulator,
 * then the proof through a Flux overlay once succeeding and once refused. What it prints is what
 * a runner would show with step debug logging off: no `::debug::` or `::add-mask::` line, and the
 * presigned link's signature nowhere.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function demo(): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
      cwd: ROOT,
      // A short export keeps the demo's wait short; everything else runs as `npm run demo` does.
      env: { ...process.env, DEMO_EXPORT_SECONDS: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

describe('the demo', () => {
  it('shows the run, the proof that succeeds and the one refused, and no debug line', async () => {
    const { code, out } = await demo();
    expect(code, out).toBe(0);
    expect(out).toContain(
      'Demo finished: the action succeeded, and refused the overlay that drops the link.',
    );
    expect(out).toMatch(/A Flux overlay: the link reaches the chart through apps\/production/);
    expect(out).toMatch(/proof: \[.*"level":"rendered"/);
    expect(out).toContain('(exit 1, as it should: the cluster would not get the link)');
    // The action does write debug lines here (the schedule watchdog finds no workflow file).
    expect(out.split('\n').filter((line) => /::(debug|add-mask)::/.test(line))).toEqual([]);
    expect(out).not.toMatch(/Signature=[0-9a-f]/i);
  }, 240_000);
});
