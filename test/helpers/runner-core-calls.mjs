// One sequence of calls to a runner interface, run in a fresh process under Node 24 by
// test/unit/runner-core.test.ts: IMPL=core runs it through @actions/core, IMPL=ours through
// src/entry/runner-core.ts (Node 24 strips its types). What each writes (stdout, the
// GITHUB_OUTPUT / GITHUB_STATE / GITHUB_ENV / GITHUB_STEP_SUMMARY files) is compared byte for byte.
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';

const core =
  process.env.IMPL === 'core'
    ? await import('@actions/core')
    : await import('../../src/entry/runner-core.ts');
const dir = process.env.CALLS_DIR ?? '';
const attempt = (what, fn) => {
  try {
    const result = fn();
    core.info(`${what}: ${JSON.stringify(result)}`);
  } catch (error) {
    core.info(`${what} threw: ${String(error.message).replaceAll(dir, '<dir>')}`);
  }
};
const attemptAsync = async (what, fn) => {
  try {
    await fn();
    core.info(`${what}: done`);
  } catch (error) {
    core.info(`${what} threw: ${String(error.message).replaceAll(dir, '<dir>')}`);
  }
};

// Inputs: the name's spaces as `_`, upper-cased, trimmed unless asked not to.
attempt('input with spaces', () => core.getInput('values file'));
attempt('input, untrimmed', () => core.getInput('Values File', { trimWhitespace: false }));
attempt('multi-line input', () => core.getInput('prompt'));
attempt('empty input', () => core.getInput('empty'));
attempt('required, missing', () => core.getInput('api-key', { required: true }));
attempt('required, given', () => core.getInput('domain', { required: true }));
attempt('debug on', () => core.isDebug());

// The file commands, with multi-line values and a value that is not a string.
core.setOutput('job-id', 'job_123');
core.setOutput('delivered', '[\n  "one",\r\n  "two"\n]');
core.setOutput('empty', '');
core.setOutput('object', { a: 1, b: ['x'] });
core.saveState('claim', 'ref\nwith a line');
core.exportVariable('RUNNER_CORE_VAR', 'first\nsecond');
attempt('exported variable', () => process.env.RUNNER_CORE_VAR);

// A value holding the delimiter the next call will draw is refused, name or value.
const randomUUID = crypto.randomUUID;
crypto.randomUUID = () => '00000000-0000-4000-8000-000000000000';
syncBuiltinESMExports();
attempt('value holding the delimiter', () =>
  core.setOutput('x', 'a ghadelimiter_00000000-0000-4000-8000-000000000000 b'),
);
attempt('name holding the delimiter', () =>
  core.saveState('ghadelimiter_00000000-0000-4000-8000-000000000000', 'v'),
);
crypto.randomUUID = randomUUID;
syncBuiltinESMExports();

// Workflow commands: data and properties escaped.
core.setSecret('s3cr%et\r\nsecond line');
core.debug('debug 100% done\r\nnext: a, b');
core.info('plain ::warning::not a command %0A');
core.notice('notice with %25 and \r and \n', {
  title: 'title: a, b %',
  file: 'dir,x/values:1.yaml',
  startLine: 3,
  endLine: 4,
  startColumn: 1,
  endColumn: 0,
});
core.warning('warning: only a title', { title: 'T\nitle' });
core.warning('warning, empty properties', { title: '', file: undefined });
core.warning(new Error('an Error, with: colons'));
core.error('error line\nsecond', {});
core.startGroup('group: one, two %');
core.info('inside the group');
core.endGroup();
await core.group('async group', async () => core.info('inside the async group'));

// The job summary: refused while its variable is unset or names no file (the text stays
// gathered), then appended twice; once written, the file is not checked again.
const summaryPath = process.env.GITHUB_STEP_SUMMARY;
delete process.env.GITHUB_STEP_SUMMARY;
await attemptAsync('summary, unset', () => core.summary.addRaw('kept, ').write());
process.env.GITHUB_STEP_SUMMARY = `${dir}/no-such-dir/summary.md`;
await attemptAsync('summary, missing file', () => core.summary.write());
process.env.GITHUB_STEP_SUMMARY = summaryPath;
await attemptAsync('summary', () => core.summary.addRaw('# Title\n\n| a | b |\n').write());
delete process.env.GITHUB_STEP_SUMMARY;
await attemptAsync('summary again', () => core.summary.addRaw('second', true).write());
process.env.GITHUB_STEP_SUMMARY = summaryPath;

// Without the files: a missing file is refused; unset, the commands go to stdout.
const outputPath = process.env.GITHUB_OUTPUT;
process.env.GITHUB_OUTPUT = `${dir}/missing-output`;
attempt('output, missing file', () => core.setOutput('lost', 'v'));
delete process.env.GITHUB_OUTPUT;
delete process.env.GITHUB_STATE;
delete process.env.GITHUB_ENV;
core.setOutput('old-style', 'v, with: %\n');
core.saveState('old-style', 'state\n');
core.exportVariable('OLD_STYLE', 'env\n');
process.env.GITHUB_OUTPUT = outputPath;

core.setFailed('failed: 100%\r\nsee above');
core.setFailed(new Error('failed as an Error'));
core.info(`exit code ${process.exitCode}`);
