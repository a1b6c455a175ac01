import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src/, each pointing only down (CONTRIBUTING.md, "Layout"):
 *
 *   shared/  ←  controllers/  ←  api/ values/ helm/ site/ github/  ←  gitops/  ←  publish/ agent/  ←  entry/
 *
 * controllers/ holds the rules of the controllers the cluster runs (helm-controller,
 * source-controller, kustomize-controller, kustomize, Argo CD, helmfile), below both the writer (values/) and the proof (gitops/), so each
 * rule has one home that both use.
 * A folder imports only from layers below its own, never from a folder beside it (so values/
 * cannot reach into helm/, nor publish/ into agent/); in entry/ the three doors (action/, agent/,
 * cli/) share only frame.ts, runner.ts and runner-core.ts and never import one another. Only the
 * Octokit adapters load @actions/*, so the command line and the pipelines run without a runner
 * (the doors on a runner speak to it through runner-core.ts, which loads nothing before the first
 * request that the run does not need).
 * Imports are read from TypeScript's syntax tree (static, type-only, re-exports including
 * `export * as`, `import type()`, dynamic import() and require), not a regular expression, so a
 * comment that names a module does not count.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** The files that may import @actions/*: the Octokit adapters, loaded only when a run calls GitHub. */
const ACTIONS_ADAPTERS = ['github/octokit.ts', 'github/octokit-pull-requests.ts'];

/** The files that do today (each must still be seen, or the scanner is broken). */
const ACTIONS_IMPORTERS_TODAY = ['github/octokit.ts', 'github/octokit-pull-requests.ts'];

/** The cores that must run without a runner: nothing they load, even indirectly, is @actions/*. */
const RUNNER_FREE_ROOTS = ['entry/cli/index.ts', 'publish/pipeline.ts', 'agent/pipeline.ts'];

/** Every .ts file under src/, as a path relative to src/ with forward slashes. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(sep).join('/'))
    .sort();
}

/**
 * The module specifiers a source text imports, as written, from its syntax tree: TypeScript's
 * `preProcessFile` misses `export * as ns from`, so the tree is walked instead.
 */
function specifiersIn(text: string): string[] {
  const known = parsed.get(text);
  if (known) return [...known];
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)))
      found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    )
      literal(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      literal(node.argument.literal);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    )
      literal(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, false));
  parsed.set(text, found);
  return [...found];
}

/** What specifiersIn found, by text: each test reads all of src/ again, and the parse is the cost. */
const parsed = new Map<string, string[]>();

/** The module specifiers a file of src/ imports, as written. */
function importsOf(file: string): string[] {
  return specifiersIn(readFileSync(join(SRC, file), 'utf8'));
}

/** A relative specifier as a path relative to src/ (`../shared/x.js` → `shared/x.ts`). */
function target(from: string, specifier: string): string {
  const path = relative(SRC, resolve(SRC, dirname(from), specifier))
    .split(sep)
    .join('/');
  return path.replace(/\.js$/, '.ts');
}

const isActions = (specifier: string) => specifier.startsWith('@actions/');

/** The layers, bottom first: a folder may import from a lower layer only. */
const LAYERS = [
  ['shared'],
  ['controllers'],
  ['api', 'values', 'helm', 'site', 'github'],
  ['gitops'],
  ['publish', 'agent'],
  ['entry'],
];

/** The doors in entry/, and the files beside them that all three may share. */
const DOORS = ['action', 'agent', 'cli'];
const DOOR_SHARED = ['frame.ts', 'runner.ts', 'runner-core.ts'];

/**
 * Every relative import under `root` that breaks the layer order, as `from → to` with the reason:
 * up or sideways between folders, from one door into another, into a door from entry/'s shared
 * files, or to a folder that is in no layer.
 */
function layerBreaches(root: string): string[] {
  const layerOf = (folder: string) => LAYERS.findIndex((layer) => layer.includes(folder));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(sep).join('/'));
  const breaches: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const spec of specifiersIn(text)) {
      if (!spec.startsWith('.')) continue;
      const to = relative(root, resolve(root, dirname(file), spec))
        .split(sep)
        .join('/')
        .replace(/\.js$/, '.ts');
      const [fromFolder = '', fromSub = ''] = file.split('/');
      const [toFolder = '', toSub = ''] = to.split('/');
      const fromLayer = layerOf(fromFolder);
      const toLayer = layerOf(toFolder);
      const edge = `${file} → ${to}`;
      if (fromLayer < 0 || toLayer < 0) breaches.push(`${edge}: a folder in no layer`);
      else if (fromFolder === toFolder) {
        if (fromFolder !== 'entry' || fromSub === toSub || DOOR_SHARED.includes(toSub)) continue;
        breaches.push(
          DOORS.includes(fromSub)
            ? `${edge}: a door imports another door`
            : `${edge}: entry/'s shared files import a door`,
        );
      } else if (toLayer === fromLayer) breaches.push(`${edge}: sideways, within one layer`);
      else if (toLayer > fromLayer) breaches.push(`${edge}: up, to a higher layer`);
    }
  }
  return breaches.sort();
}

describe('reading imports', () => {
  it('sees every form of import and re-export, and no module named in a comment or string', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "export * from './c.js';",
      "export * as d from './d.js';",
      "export type * as e from './e.js';",
      "export { f } from './f.js';",
      "import g = require('./g.js');",
      "type H = typeof import('./h.js');",
      "const i = await import('./i.js');",
      'const j = require(`./j.js`);',
      "// import k from './k.js';",
      'const l = "import m from \'./m.js\'";',
    ].join('\n');
    expect(specifiersIn(text).sort()).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((name) => `./${name}.js`),
    );
  });
});

describe('the layers of src/ only point down', () => {
  it('finds every kind of breach in a planted fixture, and nothing else there', () => {
    const fixture = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/layers/breach');
    expect(layerBreaches(fixture)).toEqual([
      'entry/agent/main.ts → entry/cli/help.ts: a door imports another door',
      "entry/frame.ts → entry/action/main.ts: entry/'s shared files import a door",
      'helm/render.ts → entry/cli/help.ts: up, to a higher layer',
      'shared/text.ts → publish/pipeline.ts: up, to a higher layer',
      'values/edit.ts → helm/render.ts: sideways, within one layer',
      'widgets/x.ts → shared/text.ts: a folder in no layer',
    ]);
  });

  it('src/ has no breach', () => {
    expect(layerBreaches(SRC)).toEqual([]);
  });
});

describe('src/shared/ is the bottom layer', () => {
  const shared = sourceFiles().filter((file) => file.startsWith('shared/'));

  it('finds the shared files and their relative imports', () => {
    expect(shared).toContain('shared/inputs.ts');
    expect(importsOf('shared/stop.ts')).toContain('./poll.js');
  });

  it('imports nothing from another folder of src/', () => {
    const outside = shared.flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.') && !target(file, spec).startsWith('shared/'))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(outside).toEqual([]);
  });
});

describe('@actions/* stays in the GitHub Actions adapters', () => {
  const importers = sourceFiles().filter((file) => importsOf(file).some(isActions));

  it('sees the adapters that import it today', () => {
    expect(importers).toEqual(expect.arrayContaining(ACTIONS_IMPORTERS_TODAY));
  });

  it('is imported by no other file', () => {
    const allowed = (file: string) =>
      ACTIONS_ADAPTERS.some((entry) =>
        entry.endsWith('/') ? file.startsWith(entry) : file === entry,
      );
    expect(importers.filter((file) => !allowed(file))).toEqual([]);
  });

  it.each(RUNNER_FREE_ROOTS)(
    '%s loads no @actions/* module, directly or through its imports',
    (root) => {
      const seen = new Set<string>();
      const found: string[] = [];
      const visit = (file: string, via: string[]) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const spec of importsOf(file)) {
          if (isActions(spec)) found.push([...via, file, spec].join(' → '));
          else if (spec.startsWith('.')) visit(target(file, spec), [...via, file]);
        }
      };
      visit(root, []);
      expect(seen.size).toBeGreaterThan(1);
      expect(found).toEqual([]);
    },
  );
});

/**
 * The import cycles among the .ts files under `root` (type-only imports count: a cycle of types
 * still ties the files' layers together), as lists of files, each list one strongly connected
 * component (Tarjan's algorithm).
 */
function cyclesIn(root: string): string[][] {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(sep).join('/'));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    edges.set(
      file,
      specifiersIn(text)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) =>
          relative(root, resolve(root, dirname(file), spec))
            .split(sep)
            .join('/')
            .replace(/\.js$/, '.ts'),
        )
        .filter((to) => edges.has(to) || files.includes(to)),
    );
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const to of edges.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = (edges.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return cycles;
}

describe('no import cycle', () => {
  it('finds a planted cycle (type-only imports included), and only its files', () => {
    const fixture = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/layers/cycle');
    expect(cyclesIn(fixture)).toEqual([['a.ts', 'b.ts']]);
  });

  it('src/ has none', () => {
    expect(cyclesIn(SRC)).toEqual([]);
  });
});

describe('files stay small enough to read', () => {
  it('no file of src/ is over 400 lines', () => {
    const long = sourceFiles()
      .map((file) => ({ file, lines: readFileSync(join(SRC, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 400)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
