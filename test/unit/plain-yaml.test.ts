import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestsOf } from '../../src/shared/go-yaml.js';
import { plainManifests } from '../../src/shared/plain-yaml.js';

const ROOT = join(import.meta.dirname, '../..');
const all = () => true;

/** Every YAML text of the repository (fixtures copied from public layouts, examples, workflows). */
const texts = execFileSync('git', ['ls-files', '-z', '*.yaml', '*.yml'], { cwd: ROOT })
  .toString()
  .split('\0')
  .filter(Boolean)
  .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

describe('the plain reader of the entry-point scan', () => {
  it('reads every YAML file of the repository it accepts exactly as the library does', () => {
    let accepted = 0;
    for (const { file, text } of texts) {
      const plain = plainManifests(text, all);
      if (plain === undefined) continue;
      accepted++;
      expect({ file, data: plain }).toEqual({ file, data: manifestsOf(text, all) });
    }
    // Most manifests of the fixtures are plain: a reader that refuses everything proves nothing.
    expect(accepted).toBeGreaterThan(20);
  });

  it('reads a Flux Kustomization, nested lists and quoted values as the library does', () => {
    const text = [
      '# clusters/c0/docs.yaml',
      '---',
      'apiVersion: kustomize.toolkit.fluxcd.io/v1',
      'kind: Kustomization',
      'metadata:',
      '  name: docs  # the release',
      '  namespace: flux-system',
      'spec:',
      '  interval: 10m',
      '  retryInterval: 1',
      '  timeout: 0x1F',
      '  path: "./apps/docs/c0"',
      "  prune: 'true'",
      '  wait: true',
      '  force: ~',
      '  suspend:',
      '  dependsOn:',
      '  - name: infra',
      '    namespace: flux-system',
      '  -   name: config',
      '  components:',
      '    - ../components/a',
      '    - ${COMPONENT}',
      '  postBuild:',
      '    substitute:',
      '      APP: docs',
      '  sourceRef:',
      '    kind: GitRepository',
      '    name: flux-system',
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: vars',
      'data:',
      '  URL: https://example.com:8443/x',
      '',
    ].join('\n');
    const plain = plainManifests(text, all);
    expect(plain).toEqual(manifestsOf(text, all));
    expect(plain![0]!.spec).toMatchObject({ timeout: 31, prune: 'true', wait: true, force: null });
    expect(plainManifests(text, (h) => h.kind === 'ConfigMap')).toHaveLength(1);
  });

  it.each([
    ['an anchor and alias', 'a: &x 1\nb: *x\n'],
    ['a merge key', 'a:\n  <<: {b: 1}\n'],
    ['a flow mapping', 'a: {b: 1}\n'],
    ['a block scalar', 'a: |\n  text\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a tab', 'a:\n\tb: 1\n'],
    ['a carriage return', 'a: 1\r\nb: 2\r\n'],
    ['a repeated key (the controllers refuse the document)', 'a: 1\na: 2\n'],
    ['a key the library reads as another word', 'True: 1\n'],
    ['a value over two lines', 'a: "one\n  two"\n'],
    ['a plain value with spaces', 'a: one two\n'],
    ['an escape in double quotes', 'a: "\\x41"\n'],
    ['a badly indented key', 'a: 1\n  b: 2\n'],
    ['a document end marker', 'a: 1\n...\n'],
    ['a value that is a document end marker', 'spec:\n  path: ...\n'],
    ['a __proto__ key (toJS drops it)', 'spec:\n  __proto__: x\n'],
  ])('leaves %s to the library', (_, text) => {
    expect(plainManifests(text, all)).toBeUndefined();
  });
});
