/**
 * Every input of both actions against a list of hostile values. Each value is either accepted or
 * refused with an InputError that names that very input, on one line, with a fix — never a
 * TypeError, never a message that names another input, never the raw value's control characters.
 * The values that are accepted are listed per input and checked against an allow-list, so a
 * validation that goes missing fails here.
 */
import { describe, expect, it } from 'vitest';
import { parseAgentInputs } from '../../src/agent/inputs.js';
import { InputError } from '../../src/shared/errors.js';
import { parsePublishInputs } from '../../src/publish/inputs.js';
import { actionYaml } from '../helpers/action.js';

const WS = '/home/runner/work/docs/docs';

const HOSTILE: Record<string, string> = {
  ws: ' \t ', // white space only
  lb: 'a\nb', // a line break
  cr: 'a\rb', // a carriage return
  nul: 'a\u0000b',
  rlo: 'moc.elpmaxe\u202e', // right-to-left override
  zw: 'docs\u200b.example.com', // zero-width space
  fw: 'ｄｏｃｓ.example.com', // fullwidth letters
  cyr: 'dоcs.example.com', // a cyrillic "о"
  fdot: 'docs．example.com', // a fullwidth dot
  dotdot: '../../etc/passwd',
  shell: '$(id) `id`; rm -rf / | cat && echo',
  cmd: '::error::x', // a workflow command
  long: 'a'.repeat(10_000),
  neg: '-5m',
  absurd: '99999999999999h',
  exp: '1e309s',
  nan: 'NaN',
  inf: 'Infinity',
  mixed: '1h-5m',
  iso: 'PT5M',
};

const DURATION_LIKE = ['neg', 'absurd', 'exp', 'nan', 'inf', 'mixed', 'iso'];
const LOOK_ALIKES = ['fw', 'cyr', 'fdot'];

/**
 * Exactly what each input accepts of the hostile values (normalised, or as free text); every
 * other value must be refused. White space alone means "not set" for an optional input. Text
 * inputs (version, paths, prompt, helm-args, file paths) take any visible characters by design:
 * they reach the service as JSON, helm as literal argv, or the file system, never a shell. No
 * input but the prompt takes a control or invisible formatting character.
 */
const ACCEPTED: Record<string, string[]> = {
  'action.yml api-key': ['dotdot', 'cmd', ...DURATION_LIKE],
  'action.yml domain': [],
  'action.yml job-id': ['ws', 'absurd', 'exp', 'nan', 'inf', 'mixed', 'iso'],
  // With domain set (the base case), any bundle-url is refused: the two cannot be combined.
  'action.yml bundle-url': ['ws'],
  'action.yml version': ['ws', ...LOOK_ALIKES, 'dotdot', 'shell', 'cmd', ...DURATION_LIKE],
  'action.yml paths': ['ws', 'lb', ...LOOK_ALIKES, 'cmd', 'long', ...DURATION_LIKE],
  // One path per line: a line break separates two files.
  'action.yml values-file': ['lb', ...LOOK_ALIKES, 'shell', 'cmd', ...DURATION_LIKE],
  // One choice per line, each a name (a duration's text is a valid name); a "FILE: " prefix must
  // name a values file, so a workflow command (`::error::x`) is refused.
  'action.yml values-document': ['ws', 'lb', 'absurd', 'exp', 'nan', 'inf', 'mixed', 'iso'],
  // Keys that read as text: letters, digits, "_" and "-" (a duration's text is a valid key).
  'action.yml values-key': ['ws', 'absurd', 'exp', 'nan', 'inf', 'mixed', 'iso'],
  'action.yml base-url': ['ws'],
  'action.yml timeout': ['ws'],
  'action.yml poll-interval': ['ws'],
  'action.yml download-path': ['ws', ...LOOK_ALIKES, 'shell', 'cmd', ...DURATION_LIKE],
  'action.yml dry-run': ['ws'],
  'action.yml render-check': ['ws'],
  'action.yml cluster-path': ['ws'],
  'action.yml refresh-before': ['ws'],
  'action.yml keep-alive-workflow': ['ws'],
  'action.yml helm-release': ['ws', 'absurd', 'exp', 'mixed'],
  'action.yml helm-chart': ['ws', ...LOOK_ALIKES, 'dotdot', 'cmd', ...DURATION_LIKE.slice(1)],
  'action.yml helm-namespace': ['ws', 'absurd', 'exp', 'mixed'],
  'action.yml helm-chart-version': ['ws', 'absurd', 'exp', 'mixed', 'iso'],
  'action.yml helm-rollback-on-failure': ['ws'],
  'action.yml helm-timeout': ['ws'],
  'action.yml verify-url': ['ws'],
  'action.yml verify-timeout': ['ws'],
  'action.yml environment': ['ws', ...LOOK_ALIKES, 'dotdot', 'shell', 'cmd', ...DURATION_LIKE],
  'action.yml environment-url': ['ws'],
  'action.yml github-token': ['dotdot', 'cmd', ...DURATION_LIKE],
  'action.yml helm-args': [
    'ws',
    'lb',
    'cr',
    ...LOOK_ALIKES,
    'dotdot',
    'shell',
    'cmd',
    'long',
    ...DURATION_LIKE,
  ],
  'agent/action.yml api-key': ['dotdot', 'cmd', ...DURATION_LIKE],
  'agent/action.yml project-id': ['absurd', 'exp', 'nan', 'inf', 'mixed', 'iso'],
  'agent/action.yml prompt': Object.keys(HOSTILE).filter((k) => k !== 'ws' && k !== 'nul'),
  'agent/action.yml job-id': ['ws', 'absurd', 'exp', 'nan', 'inf', 'mixed', 'iso'],
  'agent/action.yml wait': ['ws'],
  'agent/action.yml pickup-grace': ['ws'],
  'agent/action.yml timeout': ['ws'],
  'agent/action.yml poll-interval': ['ws'],
  'agent/action.yml base-url': ['ws'],
  // Blank: no announce (off a comment event).
  'agent/action.yml github-token': ['ws', 'dotdot', 'cmd', ...DURATION_LIKE],
  // Blank: the default; any one word of visible ASCII is a command.
  'agent/action.yml command': ['ws', 'dotdot', 'cmd', ...DURATION_LIKE],
};

type Parser = (given: Record<string, string>) => unknown;

function reader(file: string, given: Record<string, string>) {
  const declared = actionYaml(file).inputs;
  // As the runner does: the default `${{ github.token }}` becomes the job's token.
  return (name: string) =>
    given[name] ?? (declared[name]!.default ?? '').replace('${{ github.token }}', 'ghs_abc123');
}

const actions: {
  file: string;
  base: Record<string, string>;
  /** Inputs of the base left out when this one is abused: they would refuse any value of it. */
  without?: Record<string, string[]>;
  parse: Parser;
}[] = [
  {
    file: 'action.yml',
    base: {
      'api-key': 'mint_abc123',
      domain: 'docs.example.com',
      'values-file': 'values.yaml',
      'helm-release': 'docs',
      'verify-url': 'https://docs.example.com/',
      environment: 'docs-production',
    },
    // helm-release's plain values files have no documents to choose.
    without: { 'values-document': ['helm-release'] },
    parse: (given) => parsePublishInputs(reader('action.yml', given), WS),
  },
  {
    file: 'agent/action.yml',
    base: { 'api-key': 'mint_abc123', 'project-id': 'proj_1', prompt: 'Fix the links' },
    parse: (given) => parseAgentInputs(reader('agent/action.yml', given)),
  },
];

describe('inputs abuse: every input, every hostile value', () => {
  let cases = 0;
  for (const action of actions) {
    for (const name of Object.keys(actionYaml(action.file).inputs)) {
      it(`${action.file} ${name}`, () => {
        const accepted: string[] = [];
        for (const [what, value] of Object.entries(HOSTILE)) {
          cases++;
          let error: unknown;
          const base = { ...action.base };
          for (const other of action.without?.[name] ?? []) delete base[other];
          try {
            action.parse({ ...base, [name]: value });
          } catch (e) {
            error = e;
          }
          if (error === undefined) {
            accepted.push(what);
            continue;
          }
          const context = `${action.file} ${name} = ${what}: ${error instanceof Error ? String(error) : JSON.stringify(error)}`;
          expect(error, context).toBeInstanceOf(InputError);
          const message = (error as InputError).message;
          expect(message, context).toMatch(new RegExp(`^Input "${name}" `));
          expect(message, context).not.toMatch(/[\u0000-\u001f\u007f\u202e\u200b]/);
          expect(message, context).not.toContain('mint_abc123');
          expect(message.length, context).toBeLessThan(700);
          // It says what to do: a second sentence after the problem.
          expect(message, context).toMatch(/\. [A-Z].+\.$/);
          expect(message, context).not.toContain('a'.repeat(200));
        }
        expect(accepted, `${action.file} ${name}: the hostile values it accepts`).toEqual(
          ACCEPTED[`${action.file} ${name}`],
        );
      });
    }
  }
  it('covered every input of both actions', () => {
    const inputs = actions.reduce((n, a) => n + Object.keys(actionYaml(a.file).inputs).length, 0);
    expect(cases).toBe(inputs * Object.keys(HOSTILE).length);
    console.log(
      `inputs abuse: ${inputs} inputs × ${Object.keys(HOSTILE).length} hostile values = ${cases} cases`,
    );
  });
});
