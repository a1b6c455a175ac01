import * as v from 'valibot';
import { ExportJobSchema } from '../../src/api/schemas.js';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/shared/errors.js';
import { parsePublishInputs } from '../../src/publish/inputs.js';
import { actionYaml } from '../helpers/action.js';

const WS = '/home/runner/work/docs/docs';

/**
 * Inputs as a runner gives them: every declared input, defaults filled in. values-file has no
 * default: these workflows name values.yaml unless `given` says otherwise.
 */
function reader(given: Record<string, string>) {
  const declared = actionYaml().inputs;
  const named: Record<string, string> = { 'values-file': 'values.yaml', ...given };
  return (name: string) => {
    if (!(name in declared))
      throw new Error(`parsePublishInputs read "${name}", which action.yml does not declare`);
    return named[name] ?? declared[name]!.default ?? '';
  };
}

const base = { 'api-key': 'mint_abc123', domain: 'docs.example.com', 'values-file': 'values.yaml' };

function refusal(given: Record<string, string>): InputError {
  try {
    parsePublishInputs(reader({ ...base, ...given }), WS);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(given)} to be refused`);
}

describe('parsePublishInputs', () => {
  it('values-file has no default: left out, it is refused, saying what to set', () => {
    expect(actionYaml().inputs['values-file']).toMatchObject({ required: true });
    expect(actionYaml().inputs['values-file']!.default).toBeUndefined();
    expect(() => parsePublishInputs(reader({ ...base, 'values-file': '' }), WS)).toThrow(
      /^Input "values-file" is not set \(it has no default\)\. Set it to/,
    );
  });

  it('reads the defaults', () => {
    const { inputs } = parsePublishInputs(reader(base), WS);
    expect(inputs).toMatchObject({
      apiKey: 'mint_abc123',
      domain: 'docs.example.com',
      jobId: undefined,
      version: undefined,
      paths: [],
      valuesFiles: [{ path: `${WS}/values.yaml`, display: 'values.yaml' }],
      valuesKey: ['staticExport'],
      timeoutMs: 30 * 60_000,
      pollInterval: 'auto',
      downloadPath: undefined,
      dryRun: false,
    });
    expect(inputs.baseUrl.href).toBe('https://api.mintlify.com/');
  });

  it('verify-url without helm-release: a notice that the check sees only what deploys in the run', () => {
    const notices = (given: Record<string, string>) =>
      parsePublishInputs(
        reader({ ...base, 'verify-url': 'https://docs.example.com/', ...given }),
        WS,
      ).notices;
    expect(notices({})).toEqual([
      expect.stringMatching(
        /^Input "verify-url" is set without helm-release: .* If a push or a GitOps sync applies them, check the site after that instead\.$/,
      ),
    ]);
    expect(notices({ 'helm-release': 'docs' })).toEqual([]);
    expect(notices({ 'dry-run': 'true' })).toEqual([]);
  });

  it('normalises the domain, with a notice', () => {
    const { inputs, notices } = parsePublishInputs(
      reader({ ...base, domain: ' https://Docs.Example.com/ ' }),
      WS,
    );
    expect(inputs.domain).toBe('docs.example.com');
    expect(notices).toEqual([
      'Input "domain" normalised from "https://Docs.Example.com/" to "docs.example.com".',
    ]);
  });

  it('reads durations, paths, booleans and job ids', () => {
    const { inputs, notices } = parsePublishInputs(
      reader({
        ...base,
        timeout: '1h30m',
        'poll-interval': '10s',
        paths: 'guides/getting-started\n\n/api/reference/\n# a comment\nguides/getting-started\n',
        'dry-run': 'True',
        'job-id': 'se_3f9a2c1b8e7d4a06',
        'download-path': 'out/site.tar.gz',
      }),
      WS,
    );
    expect(inputs.timeoutMs).toBe(90 * 60_000);
    expect(inputs.pollInterval).toBe(10_000);
    expect(inputs.paths).toEqual(['guides/getting-started', 'api/reference']);
    expect(notices.join()).toMatch(/lists "guides\/getting-started" twice/);
    expect(inputs.dryRun).toBe(true);
    expect(inputs.jobId).toBe('se_3f9a2c1b8e7d4a06');
    expect(inputs.downloadPath).toBe(`${WS}/out/site.tar.gz`);
    expect(parsePublishInputs(reader({ ...base, timeout: '90' }), WS).inputs.timeoutMs).toBe(
      90_000,
    );
  });

  it('job-id alone is enough', () => {
    const { inputs } = parsePublishInputs(reader({ 'api-key': 'mint_x', 'job-id': 'se_1' }), WS);
    expect(inputs).toMatchObject({ domain: undefined, jobId: 'se_1' });
  });

  it("job-id takes any id the service may hand out (the response schema's pattern)", () => {
    const id = (jobId: string) =>
      parsePublishInputs(reader({ 'api-key': 'mint_x', 'job-id': jobId }), WS).inputs.jobId;
    const longest = `se:${'a'.repeat(197)}`;
    expect(id(longest)).toBe(longest);
    expect(v.parse(ExportJobSchema, { jobId: longest, status: 'queued' }).jobId).toBe(longest);
    expect(() => id(`${longest}a`)).toThrow(
      /^Input "job-id" \("se:a+…?"\) is not an export job id/,
    );
    expect(() => v.parse(ExportJobSchema, { jobId: `${longest}a`, status: 'queued' })).toThrow();
  });

  it('bundle-url needs no api-key; a key that is given is still checked', () => {
    const mirror = { domain: '', 'bundle-url': 'https://bucket.example.com/docs/site.tar.gz' };
    expect(parsePublishInputs(reader({ ...mirror, 'api-key': '' }), WS).inputs.apiKey).toBe('');
    expect(() =>
      parsePublishInputs(reader({ ...mirror, 'api-key': 'mint_dsc_0123456789' }), WS),
    ).toThrow(/^Input "api-key" is a public assistant key/);
    expect(() => parsePublishInputs(reader({ domain: 'docs.example.com' }), WS)).toThrow(
      /^Input "api-key" is empty/,
    );
  });

  it('warns about a key that does not look like an admin key', () => {
    expect(
      parsePublishInputs(reader({ ...base, 'api-key': 'sk_live_1' }), WS).warnings.join(),
    ).toMatch(/does not start with mint_/);
  });

  const refusals: [string, Record<string, string>, RegExp][] = [
    [
      'empty key',
      { 'api-key': '   ' },
      /^Input "api-key" is empty\. Pass the admin API key from a secret/,
    ],
    ['assistant key', { 'api-key': 'mint_dsc_123' }, /^Input "api-key" is a public assistant key/],
    [
      'key with a line break',
      { 'api-key': 'mint_a\nmint_b' },
      /^Input "api-key" contains white space or a line break/,
    ],
    [
      'no domain, no job',
      { domain: '' },
      /^Input "domain" is empty, and so are job-id and bundle-url/,
    ],
    [
      'domain with a path',
      { domain: 'docs.example.com/docs' },
      /^Input "domain" \("docs.example.com\/docs"\) has a path \("\/docs"\)\. Static export takes the host name only: use "docs.example.com"/,
    ],
    ['domain with a port', { domain: 'docs.example.com:8443' }, /has a port/],
    ['domain with another scheme', { domain: 'ftp://docs.example.com' }, /has the scheme ftp:\/\//],
    [
      'cyrillic look-alike',
      { domain: 'dоcs.example.com' },
      /contains the non-ASCII character U\+043E at position 2/,
    ],
    ['one label', { domain: 'localhost' }, /is not a host name/],
    ['underscore', { domain: 'my_docs.example.com' }, /is not a host name/],
    [
      'domain with a newline',
      { domain: 'docs.example.com\nevil.com' },
      /non-ASCII character U\+000A|is not a host name/,
    ],
    [
      'bad job id',
      { 'job-id': 'se 1; rm -rf' },
      /^Input "job-id" \("se 1; rm -rf"\) is not an export job id/,
    ],
    ['version with a newline', { version: 'v1\nv2' }, /^Input "version" contains a line break/],
    [
      'path with ..',
      { paths: 'guides/../../etc' },
      /^Input "paths" line 1 \("guides\/..\/..\/etc"\) contains "\." or "\.\." segments/,
    ],
    ['path as URL', { paths: 'https://docs.example.com/a' }, /is a URL/],
    [
      'values-file outside',
      { 'values-file': '../other/values.yaml' },
      /^Input "values-file" \("..\/other\/values.yaml"\) points outside the workspace/,
    ],
    [
      'values-file absolute outside',
      { 'values-file': '/etc/passwd' },
      /points outside the workspace/,
    ],
    [
      'values-file empty',
      { 'values-file': ' ' },
      /^Input "values-file" is not set \(it has no default\)\. Set it to the Helm values file your chart or GitOps controller reads, relative to the workspace, e\.g\. values-file: charts\/docs\/values\.yaml/,
    ],
    [
      'values-file line outside',
      { 'values-file': 'values-staging.yaml\n../prod/values.yaml' },
      /^Input "values-file" line 2 \("..\/prod\/values.yaml"\) points outside the workspace/,
    ],
    [
      'values-file twice',
      { 'values-file': 'a/values.yaml\n./a/values.yaml' },
      /^Input "values-file" line 2 \(".\/a\/values.yaml"\) is the same file as "a\/values.yaml"\. List each values file once\./,
    ],
    [
      'download-path same as one of the values files',
      { 'values-file': 'a.yaml\nb.yaml', 'download-path': 'b.yaml' },
      /^Input "download-path" is the same file as values-file "b.yaml"/,
    ],
    [
      'values-key with an empty key',
      { 'values-key': 'enterprise..staticExport' },
      /^Input "values-key" \("enterprise..staticExport"\) has an empty key between two dots \(key 2\)\. Write the keys/,
    ],
    [
      'values-key with a trailing dot',
      { 'values-key': 'enterprise.' },
      /^Input "values-key" \("enterprise."\) has an empty key after its last dot\./,
    ],
    [
      'values-key with a leading dot',
      { 'values-key': '.staticExport' },
      /has an empty key before its first dot\./,
    ],
    [
      'values-key with a key YAML reads as a boolean',
      { 'values-key': 'docs.yes.staticExport' },
      /^Input "values-key" \("docs.yes.staticExport"\) has the key "yes", which is not a plain key name\./,
    ],
    ['values-key with white space', { 'values-key': 'a b' }, /has the key "a b"/],
    [
      'download-path same as values',
      { 'download-path': 'values.yaml' },
      /is the same file as values-file/,
    ],
    [
      'http base-url',
      { 'base-url': 'http://api.mintlify.com' },
      /^Input "base-url" \("http:\/\/api.mintlify.com"\) uses plain http:\/\/ to a host that is not loopback\. Use https:\/\//,
    ],
    [
      'timeout not a duration',
      { timeout: 'soon' },
      /^Input "timeout" \("soon"\) is not a duration\. Write a duration such as 90s/,
    ],
    ['negative timeout', { timeout: '-5m' }, /is not a duration/],
    ['zero timeout', { timeout: '0' }, /is shorter than 1s/],
    ['absurd timeout', { timeout: '1000h' }, /is longer than 72h/],
    [
      'poll below a second',
      { 'poll-interval': '500ms' },
      /^Input "poll-interval" \("500ms"\) is shorter than 1s/,
    ],
    ['poll nonsense', { 'poll-interval': 'fast' }, /Write auto, or a duration/],
    [
      'dry-run yes',
      { 'dry-run': 'yes' },
      /^Input "dry-run" \("yes"\) is not a boolean\. Write true or false\./,
    ],
  ];
  it('reads several values files, one per line, in order, and a values-key path', () => {
    const { inputs } = parsePublishInputs(
      reader({
        ...base,
        'values-file': 'env/values-staging.yaml\r\n\n  env/values-production.yaml  \n',
        'values-key': ' enterprise.staticExport ',
      }),
      WS,
    );
    expect(inputs.valuesFiles).toEqual([
      { path: `${WS}/env/values-staging.yaml`, display: 'env/values-staging.yaml', root: WS },
      {
        path: `${WS}/env/values-production.yaml`,
        display: 'env/values-production.yaml',
        root: WS,
      },
    ]);
    expect(inputs.valuesKey).toEqual(['enterprise', 'staticExport']);
  });

  for (const [what, given, message] of refusals) {
    it(`refuses ${what}`, () => {
      const error = refusal(given);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('mint_a\nmint_b');
    });
  }
});

describe('keep-alive-workflow', () => {
  it('takes a bare file name from .github/workflows, and a path as given', () => {
    const read = (value: string) =>
      parsePublishInputs(reader({ ...base, 'keep-alive-workflow': value }), WS).inputs
        .keepAliveWorkflow;
    expect(read('keep-alive.yml')).toBe('.github/workflows/keep-alive.yml');
    expect(read('./.github/workflows/keep.yaml')).toBe('.github/workflows/keep.yaml');
    expect(read('./keep-alive.yml')).toBe('.github/workflows/keep-alive.yml');
    // GitHub allows spaces in a workflow's file name.
    expect(read('keep alive.yml')).toBe('.github/workflows/keep alive.yml');
    expect(read('')).toBeUndefined();
  });

  it('is ignored with bundle-url, with a warning', () => {
    const { inputs, warnings } = parsePublishInputs(
      reader({
        'api-key': '',
        'bundle-url': 'https://mirror.example.com/docs/site.tar.gz',
        'keep-alive-workflow': 'keep-alive.yml',
      }),
      WS,
    );
    expect(inputs.keepAliveWorkflow).toBeUndefined();
    expect(warnings).toContain(
      'Input "keep-alive-workflow" is ignored because bundle-url is given: the schedule is not checked for your own link.',
    );
  });

  it('refuses a path that names no workflow file, and the input next to refresh-before', () => {
    expect(refusal({ 'keep-alive-workflow': '../secrets.yml' }).message).toMatch(
      /^Input "keep-alive-workflow" \("\.\.\/secrets\.yml"\) names no workflow file\. Give the file of the workflow that runs this action with refresh-before/,
    );
    expect(refusal({ 'keep-alive-workflow': 'keep-alive.json' }).message).toMatch(
      /names no workflow file/,
    );
    expect(refusal({ 'keep-alive-workflow': '.github\\workflows\\k.yml' }).message).toMatch(
      /names no workflow file\. .*\(or keep-alive\.yml\), with \/ between folders\./,
    );
    expect(refusal({ 'keep-alive-workflow': '.github/workflows/sub/k.yml' }).message).toMatch(
      /names no workflow file/,
    );
    expect(
      refusal({ 'keep-alive-workflow': 'keep-alive.yml', 'refresh-before': '6h' }).message,
    ).toMatch(
      /^Input "keep-alive-workflow" is set together with refresh-before\. A run with refresh-before is the keep-alive/,
    );
  });
});

describe('values-document', () => {
  it('is refused with helm-release, whose values files hold no documents to choose', () => {
    const error = refusal({
      'values-document': 'HelmRelease/docs',
      'helm-release': 'docs',
      'helm-chart': './chart',
    });
    expect(error.message).toMatch(
      /^Input "values-document" is set together with helm-release: helm reads plain values files, which have no documents to choose\. Remove values-document/,
    );
  });
});

describe('domain with credentials pasted in', () => {
  it('is refused without echoing what stood before the @', () => {
    for (const domain of [
      'https://deploy:s3cretT0ken@docs.example.com',
      'https://deploy:s3cretT0ken@docs.example.com/guides',
      'deploy:s3cretT0ken@docs.example.com:8443',
    ]) {
      const message = refusal({ domain }).message;
      expect(message).toMatch(/^Input "domain"/);
      expect(message).not.toContain('s3cretT0ken');
      expect(message).not.toContain('deploy');
    }
  });
});
