/** What every section of `npm run bench` shares: statistics, formatting, and running the action. */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerInputs } from '../scripts/runner.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT = join(ROOT, '.bench');

export const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const stats = (values: number[]) => ({
  min: Math.min(...values),
  median: median(values),
  max: Math.max(...values),
  runs: values.length,
});
export const ms = (v: number) =>
  v >= 10_000
    ? `${(v / 1000).toFixed(1)} s`
    : v >= 1000
      ? `${(v / 1000).toFixed(2)} s`
      : `${Math.round(v)} ms`;
export const mmm = (
  s: { min: number; median: number; max: number },
  f: (v: number) => string = ms,
) => `${f(s.min)} / **${f(s.median)}** / ${f(s.max)}`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
export const mib = (v: number) => `${(v / 2 ** 20).toFixed(0)} MiB/s`;
export const mb = (v: number) => `${(v / 2 ** 20).toFixed(0)} MiB`;
export const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

export function runnerEnv(given: Record<string, string>, ws: string): NodeJS.ProcessEnv {
  // values-file has no default, and a missing file nothing reads is refused: name values.yaml,
  // and make it empty where the benchmark wrote none.
  if (given['values-file'] === undefined && !existsSync(join(ws, 'values.yaml')))
    writeFileSync(join(ws, 'values.yaml'), '');
  const inputs = runnerInputs({ 'values-file': 'values.yaml', ...given });
  const output = join(ws, '..', `${ws.split('/').pop()}.out`);
  writeFileSync(output, '');
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_WORKSPACE: ws,
    GITHUB_OUTPUT: output,
    ...inputs,
  };
}

export function spawnTimed(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const t0 = Date.now();
  const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const done = new Promise<{ code: number | null; ms: number; out: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, ms: Date.now() - t0, out })),
  );
  return { t0, done };
}
