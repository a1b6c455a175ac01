import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sim } from '../helpers/sim.js';
import { runPublish } from '../helpers/action.js';

const BASIC = readFileSync(new URL('../fixtures/values/basic.yaml', import.meta.url), 'utf8');

describe.concurrent(
  'what the contract leaves unshown never fails a publish (dist/ under Node 24)',
  () => {
    it('an unnamed status, numeric strings, progress out of range and an expiresAt without an offset', async () => {
      const s = await sim({
        export: {
          queuedMs: 100,
          runningMs: 3000,
          pageCount: 7,
          answerStyle: 'loose',
          expiresAtForm: 'no-offset',
        },
      });
      const run = await runPublish(s, { values: BASIC, inputs: { 'poll-interval': '1s' } });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      // The export was seen in a status the contract does not name, and waited through.
      expect(run.stdout).toMatch(/^Export rendering$/m);
      // Progress on the wrong scale is not shown (nor used to plan the polls): no "0%", no "250%".
      expect(run.stdout).toMatch(/^Export running · \d+ pages$/m);
      expect(run.stdout).not.toMatch(/Export (0|[2-9]\d\d)%/);
      expect(run.outputs).toMatchObject({ status: 'completed', 'page-count': '7' });
      // expiresAt without an offset is unread: the link's own signature (X-Amz-Date + X-Amz-Expires) is used.
      expect(run.stdout).toMatch(
        /::warning::The service's answer to generate bundle has no readable expiresAt .*: the link's own signature says it expires \d{4}-\d\d-\d\dT[\d:.]+Z, which is used instead\. The link is published\./,
      );
      const link = run.outputs['bundle-url']!;
      const { searchParams } = new URL(link);
      const signed = searchParams.get('X-Amz-Date')!;
      const expected =
        Date.parse(
          signed.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
        ) +
        Number(searchParams.get('X-Amz-Expires')) * 1000;
      expect(Date.parse(run.outputs['expires-at']!)).toBe(expected);
      expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toContain(link);
    });

    it('an expiresAt in epoch seconds is read as the time it is; a signature that outlives it is warned of', async () => {
      const s = await sim({
        export: {
          queuedMs: 50,
          runningMs: 200,
          expiresAtForm: 'epoch-seconds',
          signedLongerMs: 6 * 24 * 3600_000,
        },
        bundleTtlMs: 3 * 3600_000,
      });
      const run = await runPublish(s, { values: BASIC, inputs: { 'poll-interval': '1s' } });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).not.toMatch(/no readable expiresAt/);
      expect(run.stdout).toMatch(
        /::warning::The service says the link expires \S+, but its signature says \S+: a keep-alive \(refresh-before\) reads only the deployed link's signature/,
      );
      const left = Date.parse(run.outputs['expires-at']!) - Date.now();
      expect(left).toBeGreaterThan(2.9 * 3600_000);
      expect(left).toBeLessThanOrEqual(3 * 3600_000);
    });
  },
);
