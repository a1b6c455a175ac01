import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHelmVersion, runHelm, upgradeArgs, type HelmRollout } from '../../src/helm/helm.js';
import { rollout, rolloutPreflight } from '../../src/helm/rollout.js';
import { parse, parseDocument, Scalar, type YAMLMap } from 'yaml';
import { planValuesEdit } from '../../src/values/edit.js';
import { writeString } from '../../src/values/style.js';
import { memoryLogger } from '../../src/shared/logger.js';
import { StoppedError, UserError } from '../../src/shared/errors.js';
import { CHART, helmEnv, stuckRelease, type HelmName } from '../helpers/helm.js';
import { pool } from '../helpers/pool.js';
import { TRICKY_STRINGS } from '../helpers/values-style.js';

/**
 * The real helm suite, one file per helm (helm.test.ts, helm4.test.ts): its tests run one after
 * another, as they set process.env for helm, so two files let two workers run the two helms side
 * by side.
 */
const run = promisify(execFile);
const LINK =
  'https://storage.example.com/bundles/se_1/site.tar.gz?X-Amz-Date=20261122T120000Z&X-Amz-Signature=5ec2e7c0ffee';
const FIXTURES = new URL('../fixtures/values/', import.meta.url);
const HELM_LIMIT = 60_000;

/** Puts process.env back after each test of the calling file (a test sets helm's variables). */
export function restoreEnvAfterEach(): void {
  const savedEnv = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
  });
}

export const spec = (extra: Partial<HelmRollout> = {}): HelmRollout => ({
  release: 'docs',
  chart: CHART,
  namespace: 'docs',
  chartVersion: undefined,
  rollbackOnFailure: false,
  timeoutMs: 120_000,
  extraArgs: [],
  ...extra,
});

async function valuesFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'helm-values-'));
  const path = join(dir, 'values.yaml');
  await writeFile(path, text);
  return path;
}

/**
 * Every tricky string written by the edit over each scalar style a new value keeps (plain,
 * single- and double-quoted, and a null), in block or flow, and what each key must read as:
 * written once, read by each helm.
 */
const trickyValues = (() => {
  const written = new Map<boolean, { lines: string[]; expected: Record<string, unknown> }>();
  return (inFlow: boolean) => {
    let values = written.get(inFlow);
    if (values) return values;
    const replaced = (
      parseDocument('p: x\ns: \'x\'\nd: "x"\nn: ~\n').contents as YAMLMap
    ).items.map((pair) => pair.value);
    values = { lines: [], expected: {} };
    for (const [i, value] of TRICKY_STRINGS.entries()) {
      for (const [j, node] of replaced.entries()) {
        const quote = j % 2 === 0 ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
        const text = writeString(value, { replaced: node, quote, inFlow });
        values.lines.push(inFlow ? `k${i}_${j}: {v: ${text}}` : `k${i}_${j}: ${text}`);
        values.expected[`k${i}_${j}`] = inFlow ? { v: value } : value;
      }
    }
    written.set(inFlow, values);
    return values;
  };
})();

export function helmSuite(name: HelmName): void {
  restoreEnvAfterEach();
  describe(`real ${name}`, () => {
    it('lints and templates the values the action writes for every file of the tricky corpus', async () => {
      const { helm, env } = await helmEnv(name);
      // A few files at a time: each is two helm processes that mostly wait on their start-up.
      await pool(
        readdirSync(FIXTURES).length,
        async (i) => {
          const fixture = readdirSync(FIXTURES)[i]!;
          const text = readFileSync(new URL(fixture, FIXTURES), 'utf8');
          const edited = planValuesEdit(
            text,
            { enabled: true, bundleUrl: LINK, version: '2026-11-22' },
            fixture,
          ).text;
          const path = await valuesFile(edited);
          const lint = await run(helm, ['lint', CHART, '--values', path], {
            env,
            timeout: HELM_LIMIT,
          }).catch((e: { stdout: string; stderr: string }) => e);
          expect(lint.stdout, `${fixture}: ${lint.stderr}`).toMatch(
            /1 chart\(s\) linted, 0 chart\(s\) failed/,
          );
          const { stdout } = await run(helm, ['template', 'docs', CHART, '--values', path], {
            env,
            timeout: HELM_LIMIT,
          });
          // The link reaches the init container exactly, and the version its annotation.
          expect(stdout, fixture).toContain(`value: "${LINK}"`);
          expect(stdout, fixture).toContain('docs/export-version: "2026-11-22"');
        },
        3,
      );
    });

    it('reads every string the edit writes as that string, in each style, block and flow', async () => {
      // One run for many values: a chart that renders its values as JSON.
      const { helm, env } = await helmEnv(name);
      const chart = await mkdtemp(join(tmpdir(), 'json-chart-'));
      await mkdir(join(chart, 'templates'));
      await writeFile(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: json\nversion: 0.1.0\n');
      await writeFile(
        join(chart, 'templates', 'values.yaml'),
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: values\ndata:\n  json: {{ toJson .Values | quote }}\n',
      );
      for (const inFlow of [false, true]) {
        const { lines, expected } = trickyValues(inFlow);
        const path = await valuesFile(`${lines.join('\n')}\n`);
        const { stdout } = await run(helm, ['template', 'x', chart, '--values', path], {
          env,
          timeout: HELM_LIMIT,
        });
        const json = (parse(stdout) as { data: { json: string } }).data.json;
        expect(JSON.parse(json)).toEqual(expected);
      }
    });

    it("a schema-violating values file fails lint with helm's message", async () => {
      const { helm, env } = await helmEnv(name);
      const path = await valuesFile('staticExport:\n  enabled: true\n  bundleUrl: "not a link"\n');
      const error = (await run(helm, ['lint', CHART, '--values', path], {
        env,
        timeout: HELM_LIMIT,
      }).catch((e: unknown) => e)) as { code: number; stdout: string };
      expect(error.code).toBe(1);
      expect(error.stdout).toMatch(/bundleUrl/);
    });

    for (const dryRun of [false, true]) {
      it(`accepts the exact argument list the action builds (dry run ${dryRun})`, async () => {
        const { helm, env } = await helmEnv(name);
        const version = parseHelmVersion(
          (await run(helm, ['version', '--template', '{{.Version}}'], { env })).stdout,
        )!;
        expect(version.major).toBe(name === 'helm3' ? 3 : 4);
        const path = await valuesFile(`staticExport:\n  enabled: true\n  bundleUrl: "${LINK}"\n`);
        const args = upgradeArgs(
          version,
          spec({
            rollbackOnFailure: true,
            chartVersion: '1.4.0',
            extraArgs: [
              '--set',
              'replicaCount=2',
              '--set-string',
              'image.tag=a; $(rm -rf /) `id` | cat',
            ],
          }),
          [path],
          { dryRun },
        );
        const result = await runHelm(helm, args, { env, timeoutMs: HELM_LIMIT });
        expect(result.code, result.stderr).toBe(0);
        const release = JSON.parse(result.stdout) as {
          version: number;
          info: { status: string; description: string };
          config: Record<string, unknown>;
        };
        expect(release.version).toBe(1);
        expect(release.info.status).toBe(dryRun ? 'pending-install' : 'deployed');
        // The shell metacharacters reached helm as one literal argument.
        expect((release.config.image as { tag: string }).tag).toBe('a; $(rm -rf /) `id` | cat');
        expect(release.config).toMatchObject({
          replicaCount: 2,
          staticExport: { enabled: true, bundleUrl: LINK },
        });
      });
    }

    it('rollout(): installs, reports the revision and streams nothing secret', async () => {
      const { env } = await helmEnv(name);
      Object.assign(process.env, env);
      const logger = memoryLogger();
      const text = `staticExport:\n  enabled: true\n  bundleUrl: "${LINK}"\n  version: "2026-11-22"\n`;
      const result = await rollout(spec(), {
        dryRun: false,
        logger,
        redact: (t) => t.split(LINK).join('***'),
        values: [{ path: await valuesFile(text), text: text, display: 'values.yaml' }],
      });
      expect(result.release).toMatchObject({ name: 'docs', revision: 1, status: 'deployed' });
      expect(result.helm.major).toBe(name === 'helm3' ? 3 : 4);
      expect(result.command).toMatch(
        /^helm upgrade --install docs \S+ --namespace docs --create-namespace --timeout 2m --output json --values values\.yaml$/,
      );
      expect(logger.lines.join('\n')).toContain(
        'Docs release docs serves the static export version 2026-11-22.',
      );
      expect(logger.lines.join('\n')).not.toContain('X-Amz-Signature');
    });

    it("rollout(): helm's own failure becomes the step's message", async () => {
      const { env } = await helmEnv(name);
      Object.assign(process.env, env);
      const text = `staticExport:\n  enabled: true\n  bundleUrl: "${LINK}"\n`;
      const error = await rollout(spec({ extraArgs: ['--set', 'replicaCount=-1'] }), {
        dryRun: false,
        logger: memoryLogger(),
        redact: (t) => t,
        values: [{ path: await valuesFile(text), text: text, display: 'values.yaml' }],
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      expect((error as Error).message).toMatch(
        /^helm upgrade of release docs failed \(helm v\d\.\d+\.\d+, exit 1\):\n.*replicaCount/s,
      );
    });

    for (const status of ['pending-upgrade', 'pending-install', 'pending-rollback']) {
      it(`rollout(): refuses a release stuck in ${status}, saying how to recover`, async () => {
        const { env } = await helmEnv(name, stuckRelease(status));
        Object.assign(process.env, env);
        const error = await rollout(spec(), {
          dryRun: false,
          logger: memoryLogger(),
          redact: (t) => t,
          values: [{ path: await valuesFile('a: 1\n'), text: 'a: 1\n', display: 'values.yaml' }],
        }).catch((e: unknown) => e);
        expect((error as Error).message).toContain(
          `Helm release docs is stuck in ${status} at revision 4`,
        );
        expect((error as Error).message).toMatch(
          status === 'pending-install'
            ? /helm uninstall docs --namespace docs/
            : /helm rollback docs 3 --namespace docs/,
        );
      });
    }

    it('rollout() after the preflight: a release left pending since is refused, naming the files already updated', async () => {
      const h = await helmEnv(name);
      Object.assign(process.env, h.env);
      const options = {
        dryRun: false,
        logger: memoryLogger(),
        redact: (t: string) => t,
        values: [{ path: await valuesFile('a: 1\n'), text: 'a: 1\n', display: 'values.yaml' }],
      };
      const ready = await rolloutPreflight(spec(), options);
      // Another run's upgrade was interrupted while this one's export ran.
      await writeFile(h.env.HELM_MEMORY_DRIVER_DATA!, stuckRelease('pending-upgrade'));
      const error = await rollout(spec(), options, ready).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      expect((error as Error).message).toMatch(
        /^Helm release docs is stuck in pending-upgrade at revision 4.* values\.yaml was updated; the release was not\.$/s,
      );
    });

    for (const dryRun of [false, true]) {
      it(`rollout(): a cancel during the ${dryRun ? 'dry run' : 'install'} says what it left`, async () => {
        const { env } = await helmEnv(name);
        Object.assign(process.env, env);
        const controller = new AbortController();
        // Cancel exactly when the upgrade command is printed, i.e. as helm upgrade starts.
        const logger = {
          ...memoryLogger(),
          info: (line: string) => {
            if (line.startsWith('helm upgrade')) controller.abort(new Error('SIGTERM'));
          },
        };
        const text = 'a: 1\n';
        const error = await rollout(spec(), {
          dryRun,
          logger,
          signal: controller.signal,
          redact: (t) => t,
          values: [
            {
              path: dryRun ? '/nonexistent/values.yaml' : await valuesFile(text),
              text: text,
              display: 'values.yaml',
            },
          ],
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StoppedError);
        const message = (error as Error).message;
        if (dryRun) {
          expect(message).toMatch(/dry run of docs.*values\.yaml was not changed \(dry run\)/);
          expect(message).not.toMatch(/pending|already updated/);
        } else {
          // The release did not exist: an interrupted install leaves pending-install.
          expect(message).toMatch(/left in pending-install: check "helm status docs -n docs"/);
          expect(message).toContain('values.yaml was already updated');
        }
      });
    }

    it('rollout(): a dry run uses a temporary copy and changes nothing', async () => {
      const { env } = await helmEnv(name);
      Object.assign(process.env, env);
      const text = `staticExport:\n  enabled: true\n  bundleUrl: "${LINK}"\n`;
      const logger = memoryLogger();
      const result = await rollout(spec(), {
        dryRun: true,
        logger,
        redact: (t) => t,
        values: [{ path: '/nonexistent/values.yaml', text: text, display: 'values.yaml' }],
      });
      expect(result.release.status).toBe('pending-install');
      expect(result.command).toContain('--dry-run');
      expect(result.command).toContain('<temporary copy of values.yaml>');
    });
  });
}
