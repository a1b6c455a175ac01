import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument, isMap, isScalar } from 'yaml';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/shared/errors.js';
import { unifiedDiff } from '../../src/values/diff.js';
import { parseDocuments } from '../../src/values/check.js';
import { planValuesEdit } from '../../src/values/edit.js';
import type { StaticExportValues } from '../../src/values/file.js';
import { readValuesFile } from '../../src/values/read.js';
import { writeValuesFile } from '../../src/values/write.js';
import { expectStylesKept } from '../helpers/values-style.js';

const FIXTURES = new URL('../fixtures/values/', import.meta.url);
const VALUES: StaticExportValues = {
  enabled: true,
  bundleUrl:
    'https://storage.example.com/bundles/se_1/site.tar.gz?X-Amz-Date=20261122T120000Z&X-Amz-Signature=0a1b2c',
  version: '2026-11-22',
};

/** The text with the lines of the top-level staticExport entry taken out. */
function outsideBlock(text: string): string {
  const doc = parseDocument(text, { keepSourceTokens: true });
  const root = doc.contents;
  if (!isMap(root)) return text;
  const pair = root.items.find((p) => isScalar(p.key) && p.key.value === 'staticExport');
  if (!pair) return text;
  const keyStart = (pair.key as { range: [number, number, number] }).range[0];
  const value = pair.value as { range?: [number, number, number] } | null;
  const end = value?.range?.[1] ?? (pair.key as { range: [number, number, number] }).range[1];
  const from = text.lastIndexOf('\n', keyStart - 1) + 1;
  const nl = text[end - 1] === '\n' ? end - 1 : text.indexOf('\n', end);
  const to = nl === -1 ? text.length : nl + 1;
  return text.slice(0, from) + text.slice(to);
}

const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.yaml'));

describe('planValuesEdit on the corpus of tricky files', () => {
  it('has a corpus', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(18);
  });

  for (const name of fixtures) {
    describe(name, () => {
      const text = readFileSync(new URL(name, FIXTURES), 'utf8');

      for (const version of [VALUES.version, undefined]) {
        it(`only the staticExport lines differ (version ${version ?? 'removed'})`, () => {
          const plan = planValuesEdit(text, { ...VALUES, version }, name);
          const data = parseDocument(plan.text).toJS() as Record<string, Record<string, unknown>>;
          expect(data.staticExport).toMatchObject({ enabled: true, bundleUrl: VALUES.bundleUrl });
          expect(data.staticExport!.version).toBe(version);
          if (name !== 'flow-root.yaml') {
            // A last line without a line break gets one, so that the new block can follow it.
            const expected = text.endsWith('\n') ? text : `${text}\n`;
            expect(outsideBlock(plan.text)).toBe(outsideBlock(expected));
          } else {
            expect(plan.text).toBe(
              text.replace(
                '}}\n',
                `}, staticExport: {enabled: true, bundleUrl: "${VALUES.bundleUrl}"${version ? `, version: "${version}"` : ''}}}\n`,
              ),
            );
          }
          expectStylesKept(text, plan.text, { ...VALUES, version });
          // Running again with the same values changes nothing.
          const again = planValuesEdit(plan.text, { ...VALUES, version }, name);
          expect(again.changed).toBe(false);
          expect(again.text).toBe(plan.text);
        });
      }
    });
  }

  it('keeps CRLF line endings and adds none of another kind', () => {
    const text = readFileSync(new URL('crlf.yaml', FIXTURES), 'utf8');
    const plan = planValuesEdit(text, VALUES);
    expect(plan.text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(plan.text).toContain('\r\n  bundleUrl: "https://storage');
  });

  it('keeps a byte-order mark', () => {
    const text = readFileSync(new URL('bom-missing-key.yaml', FIXTURES), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(planValuesEdit(text, VALUES).text.charCodeAt(0)).toBe(0xfeff);
  });

  it('keeps comments, quoting and flow collections around the block', () => {
    const text = readFileSync(new URL('basic.yaml', FIXTURES), 'utf8');
    const plan = planValuesEdit(text, VALUES);
    expect(plan.text).toContain('  enabled: true   # flipped by CI\n');
    expect(plan.text).toContain("  tag: '1.4.2'\n");
    expect(plan.text).toContain(
      'resources: {limits: {cpu: 500m, memory: 256Mi}, requests: {cpu: 100m}}\n',
    );
    expect(plan.changes).toEqual(['enabled updated', 'bundleUrl updated', 'version updated']);
  });

  it('quotes a version that YAML would read as a date or number', () => {
    for (const version of ['2026-11-22', '1.10', 'true', 'null', '0x1F', '~', 'yes']) {
      const plan = planValuesEdit('a: 1\n', { ...VALUES, version });
      expect(plan.text).toContain(`version: "${version}"`);
      expect(
        (
          parseDocument(plan.text, { version: '1.1' }).toJS() as {
            staticExport: { version: unknown };
          }
        ).staticExport.version,
      ).toBe(version);
    }
  });

  it('writes a link with YAML-special characters safely', () => {
    const bundleUrl = 'https://s.example/a b#c?x="1"&y=\'2\'&z=%20: - [x]';
    const plan = planValuesEdit('staticExport:\n  bundleUrl: old\n', { ...VALUES, bundleUrl });
    expect(
      (parseDocument(plan.text).toJS() as { staticExport: { bundleUrl: string } }).staticExport
        .bundleUrl,
    ).toBe(bundleUrl);
  });

  it('reports a removed stale version', () => {
    const plan = planValuesEdit(
      'staticExport:\n  enabled: true\n  version: "old" # pinned\n  bundleUrl: "x"\n',
      { ...VALUES, version: undefined },
    );
    expect(plan.text).toBe(`staticExport:\n  enabled: true\n  bundleUrl: "${VALUES.bundleUrl}"\n`);
    expect(plan.notices.join()).toMatch(/Removed the stale staticExport.version/);
  });

  it('makes a new file from nothing', () => {
    const plan = planValuesEdit('', VALUES);
    expect(plan.text).toBe(
      `staticExport:\n  enabled: true\n  bundleUrl: "${VALUES.bundleUrl}"\n  version: "2026-11-22"\n`,
    );
  });

  it('prints a unified diff of the change', () => {
    const text = readFileSync(new URL('basic.yaml', FIXTURES), 'utf8');
    const diff = unifiedDiff(text, planValuesEdit(text, VALUES).text, 'values.yaml');
    expect(diff).toContain('--- a/values.yaml\n+++ b/values.yaml\n@@ -7,8 +7,8 @@\n');
    expect(diff).toContain(
      '-  enabled: false  # flipped by CI\n-  bundleUrl: ""\n-  version: 2024-06-01\n+  enabled: true   # flipped by CI\n',
    );
  });
});

describe('text Helm reads: not refused', () => {
  it('a NEL or LS inside a quoted string of any document, or followed only by a comment', () => {
    for (const text of [
      'a: 1\n---\nb: "x\u2028y"\n',
      'a: "x\u0085y"\n---\nb: 1\n',
      'a: 1\u0085  # c\n',
    ])
      expect(() => parseDocuments(text, 'values.yaml'), JSON.stringify(text)).not.toThrow();
  });
});

describe('a file ending in --- (Helm 3 and 4 read one document)', () => {
  const block = (version: string) =>
    `staticExport:\n  enabled: true\n  bundleUrl: "${VALUES.bundleUrl}"\n  version: "${version}"\n`;
  it('the block is added before the ---, after any closing comment; the --- and what follows stay', () => {
    for (const [text, expected] of [
      ['a: 1\n---\n', `a: 1\n${block(VALUES.version!)}---\n`],
      ['a: 1\n# end\n--- # x\n# c\n', `a: 1\n# end\n${block(VALUES.version!)}--- # x\n# c\n`],
      ['---\na: 1\n---\n---\n', `---\na: 1\n${block(VALUES.version!)}---\n---\n`],
    ] as const)
      expect(planValuesEdit(text, VALUES, 'values.yaml').text, JSON.stringify(text)).toBe(expected);
  });

  it('a block already there is edited in place', () => {
    const text = 'staticExport:\n  enabled: false\n---\n';
    expect(planValuesEdit(text, VALUES).text).toBe(`${block(VALUES.version!)}---\n`);
  });
});

describe('files that are refused, with file, line and column', () => {
  const cases: [string, string, RegExp][] = [
    [
      'bad indentation',
      'a: 1\n  b: 2\n',
      /is not valid YAML at line \d+, column \d+ \(values\.yaml:\d+:\d+\): /,
    ],
    [
      'unclosed quote',
      'a: 1\nb: 2\nc: "open\n',
      /is not valid YAML at line 4, column 1 \(values\.yaml:4:1\): Missing closing "quote/,
    ],
    ['tab indentation', 'a:\n\tb: 1\n', /is not valid YAML at line 2, column 1/],
    ['unclosed flow', 'a: [1, 2\n', /is not valid YAML/],
    [
      'duplicate key',
      'a: 1\nb: 2\na: 3\n',
      /at line 3, column 1 \(values\.yaml:3:1\): Map keys must be unique/,
    ],
    ['two documents', 'a: 1\n---\nb: 2\n', /contains 2 YAML documents/],
    // Helm 3 reads the empty first document, Helm 4 merges the next one in: they disagree.
    ['an empty document first', '---\n---\na: 1\n', /contains 2 YAML documents/],
    // What go-yaml (Helm's reader) or Helm 4 refuse, where the yaml library reads on.
    [
      'a C1 control character in a comment',
      'a: 1 # x\u0086\n',
      /at line 1, column 9 \(values\.yaml:1:9\): character U\+0086 is not allowed in YAML/,
    ],
    ['U+FFFE', 'a: "\ufffe"\n', /character U\+FFFE is not allowed/],
    ['a %YAML directive', '%YAML 1.1\n---\na: 1\n', /at line 1, column 1 .*a %YAML directive/],
    [
      'content on the --- line',
      '--- {a: 1}\n',
      /content on the --- line, which Helm 4 and kustomize refuse/,
    ],
    ['a null key', 'a: 1\n~: 2\n', /at line 2, column 1 .*a null or a list\/mapping as a key/],
    ['a collection key', '? [a, b]\n: 1\n', /a null or a list\/mapping as a key/],
    [
      'a NEL with text after it outside quotes',
      'a: 1 # wait\u0085then\n',
      /character U\+0085 with text after it on its line: Helm reads it as a line break there\. Remove that character, or end the line at it\./,
    ],
    [
      'a merge of a scalar',
      'x: &x 1\nstaticExport:\n  <<: *x\n',
      /at line 3, column 3 .*a merge key \(<<\) of something other than a mapping\. Merge a mapping's anchor/,
    ],
    [
      'an alias inside the value of its own anchor',
      'base: &b\n  self: *b\nsite:\n  <<: *b\n',
      /at line 2, column 9 .*the alias \*b inside the value of its own anchor, which Helm refuses \(anchor 'b' value contains itself\)\. Point the alias at another anchor/,
    ],
    ['a list', '- a\n- b\n', /has a list at the top \(line 1\), not a mapping/],
    ['a scalar', 'hello\n', /has a string value at the top/],
    [
      'staticExport a string',
      'staticExport: "https://x"\n',
      /has staticExport as a string value at line 1, not a mapping/,
    ],
    ['staticExport a list', 'staticExport:\n  - enabled\n', /has staticExport as a list at line 2/],
    [
      'staticExport an alias',
      'x: &x {a: 1}\nstaticExport: *x\n',
      /has staticExport as an alias \(\*x\)/,
    ],
    [
      'anchored value',
      'staticExport:\n  bundleUrl: &u "x"\nother: *u\n',
      /anchor \(&u\) on staticExport\.bundleUrl at line 2/,
    ],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => {
      let error: unknown;
      try {
        planValuesEdit(text, VALUES, 'values.yaml');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UserError);
      expect((error as Error).message).toMatch(/^values-file "values\.yaml" /);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/The file was not changed\.$/);
    });
  }
});

describe('reading and writing files', () => {
  async function dir() {
    return mkdtemp(join(tmpdir(), 'values-test-'));
  }

  it('reads a missing file as new, and refuses a directory', async () => {
    const d = await dir();
    expect(await readValuesFile(join(d, 'nope.yaml'), 'nope.yaml')).toMatchObject({
      exists: false,
      text: '',
    });
    await expect(readValuesFile(d, 'd')).rejects.toThrow(/values-file "d" is a directory/);
  });

  it('refuses a file that is not UTF-8', async () => {
    const d = await dir();
    await writeFile(join(d, 'v.yaml'), Buffer.from([0x61, 0x3a, 0x20, 0xff, 0xfe, 0x0a]));
    await expect(readValuesFile(join(d, 'v.yaml'), 'v.yaml')).rejects.toThrow(/is not valid UTF-8/);
  });

  it('writes atomically, keeping the mode and leaving no temporary file', async () => {
    const d = await dir();
    const path = join(d, 'values.yaml');
    await writeFile(path, 'a: 1\n');
    await chmod(path, 0o640);
    const file = await readValuesFile(path, 'values.yaml');
    await writeValuesFile(file.path, 'a: 2\n', file.mode, file.display);
    expect(await readFile(path, 'utf8')).toBe('a: 2\n');
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    expect(await readdir(d)).toEqual(['values.yaml']);
  });

  it('creates the folders of a new file', async () => {
    const d = await dir();
    const path = join(d, 'charts', 'docs', 'values.yaml');
    await writeValuesFile(path, 'a: 1\n', 0o644, 'charts/docs/values.yaml');
    expect(await readFile(path, 'utf8')).toBe('a: 1\n');
  });

  it('refuses a new file in a folder that does not exist, naming the nearest one and the likely typo', async () => {
    const d = await dir();
    await mkdir(join(d, 'clusters', 'production'), { recursive: true });
    const path = join(d, 'clusters', 'prodution', 'docs', 'values.yaml');
    await expect(readValuesFile(path, 'clusters/prodution/docs/values.yaml')).rejects.toThrow(
      'values-file "clusters/prodution/docs/values.yaml" is in a folder that does not exist (clusters/prodution; the nearest folder that exists is clusters/), so no chart or controller could read it. Check the path. Did you mean clusters/production/docs/values.yaml? If a new folder is meant, create it first (a values file in an existing folder is created when missing). The file was not changed.',
    );
    expect(await readdir(join(d, 'clusters'))).toEqual(['production']);
    // A new file in a folder that exists is still a new file.
    const fresh = await readValuesFile(join(d, 'clusters', 'production', 'new.yaml'), 'new.yaml');
    expect(fresh.exists).toBe(false);
  });

  it('writes through a symlink to its target, keeping the link', async () => {
    const d = await dir();
    await writeFile(join(d, 'real.yaml'), 'a: 1\n');
    await symlink('real.yaml', join(d, 'values.yaml'));
    const file = await readValuesFile(join(d, 'values.yaml'), 'values.yaml');
    await writeValuesFile(file.path, 'a: 2\n', file.mode, file.display);
    expect((await lstat(join(d, 'values.yaml'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(d, 'values.yaml'))).toBe('real.yaml');
    expect(await readFile(join(d, 'real.yaml'), 'utf8')).toBe('a: 2\n');
  });

  it('refuses a read-only file and leaves it as it was', async () => {
    const d = await dir();
    const path = join(d, 'values.yaml');
    await writeFile(path, 'a: 1\n');
    await chmod(path, 0o444);
    await expect(writeValuesFile(path, 'a: 2\n', 0o444, 'values.yaml')).rejects.toThrow(
      /values-file "values.yaml" is read-only\. Make it writable/,
    );
    expect(await readFile(path, 'utf8')).toBe('a: 1\n');
    expect(await readdir(d)).toEqual(['values.yaml']);
  });

  it('removes temporary files that killed runs left next to the file, and only those', async () => {
    const d = await dir();
    const path = join(d, 'values.yaml');
    await writeFile(path, 'a: 1\n');
    // A process that has exited: its pid names no running process.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const stale = `.values.yaml.${dead}.0a1b2c3d.tmp`;
    const mine = `.values.yaml.${process.pid}.0a1b2c3d.tmp`; // a write of this very process
    const others = [`.other.yaml.${dead}.0a1b2c3d.tmp`, `.values.yaml.${dead}.0a1b2c3d.part`];
    for (const name of [stale, mine, ...others]) await writeFile(join(d, name), 'x');
    const removed = await writeValuesFile(path, 'a: 2\n', 0o644, 'values.yaml');
    expect(removed).toEqual([stale]);
    expect((await readdir(d)).sort()).toEqual([mine, ...others, 'values.yaml'].sort());
    expect(await readFile(path, 'utf8')).toBe('a: 2\n');
  });

  it('reports a folder it cannot write to, cleaning up', async () => {
    const d = await dir();
    const path = join(d, 'sub', 'values.yaml');
    await writeFile(join(d, 'sub'), 'a file where a folder should be');
    await expect(writeValuesFile(path, 'a: 1\n', 0o644, 'sub/values.yaml')).rejects.toThrow(
      /values-file "sub\/values.yaml" cannot be created/,
    );
  });
});

describe('trailing comments', () => {
  it('stay in their column when the value gets shorter or longer', () => {
    const text =
      'staticExport:\n  enabled: false     # on\n  bundleUrl: ""      # link\n  version: "1"       # pin\n';
    const plan = planValuesEdit(text, {
      enabled: true,
      bundleUrl: 'https://a.example/x',
      version: '22',
    });
    expect(plan.text).toBe(
      'staticExport:\n  enabled: true      # on\n  bundleUrl: "https://a.example/x" # link\n  version: "22"      # pin\n',
    );
  });
});

describe('found by the property test (test/reliability/values-property.test.ts)', () => {
  it('a flow staticExport whose only key is a stale version: the new keys replace it', () => {
    const plan = planValuesEdit('a: 1\nstaticExport: {version: 2024-06-01}  # pinned\n', {
      enabled: true,
      bundleUrl: 'https://x/y',
      version: undefined,
    });
    expect(plan.text).toBe(
      'a: 1\nstaticExport: {enabled: true, bundleUrl: "https://x/y"}  # pinned\n',
    );
    expect(plan.changes).toEqual(['version removed', 'enabled added', 'bundleUrl added']);
  });
});

describe('the replaced value keeps its style', () => {
  const url = VALUES.bundleUrl;
  const edit = (text: string, version: string | undefined = VALUES.version) =>
    planValuesEdit(text, { ...VALUES, version }).text;
  /** The value at staticExport.<key> as YAML 1.1 (Helm's parser) and 1.2 read it. */
  const read = (text: string, key: string) =>
    (['1.1', '1.2'] as const).map(
      (version) =>
        (parseDocument(text, { version }).toJS() as { staticExport: Record<string, unknown> })
          .staticExport[key],
    );

  it('single-quoted stays single-quoted', () => {
    expect(edit("staticExport:\n  bundleUrl: ''\n  version: 'v1'\n", "it's 2")).toBe(
      `staticExport:\n  bundleUrl: '${url}'\n  version: 'it''s 2'\n  enabled: true\n`,
    );
  });

  it('double-quoted stays double-quoted, even in a file that mostly uses single quotes', () => {
    const text = "a: 'x'\nb: 'y'\nstaticExport:\n  enabled: false\n  bundleUrl: \"\"\n";
    expect(edit(text)).toBe(
      `a: 'x'\nb: 'y'\nstaticExport:\n  enabled: true\n  bundleUrl: "${url}"\n  version: '2026-11-22'\n`,
    );
  });

  it('plain stays plain where the new value is safe as plain YAML', () => {
    expect(edit('staticExport:\n  bundleUrl: old # link\n  version: v1\n', 'v2')).toBe(
      `staticExport:\n  bundleUrl: ${url} # link\n  version: v2\n  enabled: true\n`,
    );
    // In a flow mapping, Helm's parser refuses a plain `?` (the link's query): quoted there.
    expect(edit('staticExport: {bundleUrl: old, version: v1}\n', 'v2.1-rc')).toBe(
      `staticExport: {bundleUrl: "${url}", version: v2.1-rc, enabled: true}\n`,
    );
    expect(edit('staticExport: {version: v1}\n', 'https://x/y:1')).toContain(
      'version: https://x/y:1,',
    );
  });

  it('plain becomes quoted, in the style the file uses most, where plain would change the value', () => {
    // go-yaml (Helm's) reads 0X1F, 0O17, +0b1, 1e1_0 as numbers where YAML 1.1 and 1.2 do not.
    const go = ['0X1F', '0O17', '+0b1', '-0B1', '0O_7', '1e1_0', '0x_F'];
    const unsafe = [
      '2026-11-22',
      '1.10',
      'true',
      'yes',
      'on',
      'null',
      '~',
      '0x1F',
      '1:20',
      'a: b',
      ...go,
    ];
    for (const version of [...unsafe, 'x #y', '- x', '@x', '[x]', '*x', '!x', '%x', 'x ', ' x']) {
      for (const [file, quote] of [
        ['', '"'],
        ["a: 'x'\n", "'"],
      ] as const) {
        const text = edit(`${file}staticExport:\n  version: v1\n`, version);
        expect(text).toContain(`  version: ${quote}${version}${quote}\n`);
        expect(read(text, 'version')).toEqual([version, version]);
      }
    }
    // In a flow mapping a comma ends a plain value.
    expect(edit('staticExport: {version: v1}\n', 'a, b')).toContain('version: "a, b"');
  });

  it('added keys follow the quote style the file uses most (double quotes on a tie)', () => {
    const added = (file: string) =>
      edit(file)
        .split('\n')
        .filter((line) => /^ *(bundleUrl|version):/.test(line));
    const single = [`  bundleUrl: '${url}'`, "  version: '2026-11-22'"];
    const double = [`  bundleUrl: "${url}"`, '  version: "2026-11-22"'];
    expect(added("a: 'x'\nb: 'y'\nc: \"z\"\n")).toEqual(single);
    expect(added('a: \'x\'\nb: "y"\n')).toEqual(double);
    expect(added('a: x\n')).toEqual(double);
    expect(added("a: 'x'\nstaticExport: ~\n")).toEqual(single);
    expect(added("a: 'x'\nstaticExport:\n  extra: 1\n")).toEqual(single);
  });

  it('version is never written as a date, number, boolean or null, whatever the original', () => {
    const originals = ['v1', "'v1'", '"v1"', '~', '', '2024-06-01', '1.2', '*v', '|\n    v1'];
    for (const original of originals) {
      for (const version of ['2026-11-22', '2026-11-22T10:00:00Z', '1.10', '10', 'false', '~']) {
        const text = edit(`x: &v v0\nstaticExport:\n  version: ${original}\n`, version);
        expect(read(text, 'version'), `${original} → ${version}:\n${text}`).toEqual([
          version,
          version,
        ]);
      }
    }
  });

  it('an explicit tag on an old value goes with it (go-yaml would refuse a !!null on the link)', () => {
    const text =
      'staticExport:\n  enabled: !!bool false\n  bundleUrl: !!null ~\n  version: !<tag:yaml.org,2002:int> 3 # v\n';
    const plan = planValuesEdit(text, VALUES);
    // The comment keeps its column.
    expect(plan.text).toBe(
      `staticExport:\n  enabled: true\n  bundleUrl: "${VALUES.bundleUrl}"\n  version: "${VALUES.version}"${' '.repeat(14)} # v\n`,
    );
  });

  it('a plain version that YAML 1.1 reads as a date is quoted even when the value is the same', () => {
    const plan = planValuesEdit(
      `staticExport:\n  enabled: true\n  bundleUrl: "${url}"\n  version: 2026-11-22\n`,
      VALUES,
    );
    expect(plan.changes).toEqual(['version updated']);
    expect(plan.text).toContain('  version: "2026-11-22"\n');
    expect(planValuesEdit(plan.text, VALUES).changed).toBe(false);
  });

  it('a plain link already in a flow mapping is quoted, as Helm refuses a plain `?` there', () => {
    const text = `staticExport: {enabled: true, bundleUrl: ${url}}\n`;
    const plan = planValuesEdit(text, { ...VALUES, version: undefined });
    expect(plan.text).toBe(`staticExport: {enabled: true, bundleUrl: "${url}"}\n`);
  });

  it('a value single quotes cannot carry (a YAML 1.1 line break) is double-quoted and escaped', () => {
    const text = edit("a: 'x'\nstaticExport:\n  version: 'v1'\n", 'v\u2028\u0085x');
    expect(text).toContain('  version: "v\\L\\Nx"\n');
    expect(read(text, 'version')).toEqual(['v\u2028\u0085x', 'v\u2028\u0085x']);
  });
});
