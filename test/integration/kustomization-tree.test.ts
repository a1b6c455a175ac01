/**
 * Which files a build of a folder reads (gitops/tree.ts), held to real `kubectl kustomize` for
 * kustomization files of more than one YAML document: kustomize reads the first document, so a
 * trailing `---` changes nothing, a second document is not read, and an empty first document
 * makes an empty kustomization.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { newWorkspace, writeFiles } from '../helpers/action.js';
import { openCheckout } from '../../src/gitops/checkout.js';
import { treeOf } from '../../src/gitops/tree.js';

const run = promisify(execFile);

const CONFIGMAP = (name: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  a: "1"\n`;

/** What kubectl kustomize builds of `app` (the names of what it outputs), or its error. */
async function kustomize(ws: string): Promise<string> {
  try {
    return (await run(inject('kubectl'), ['kustomize', `${ws}/app`])).stdout;
  } catch (error) {
    return `failed: ${(error as { stderr?: string }).stderr ?? String(error)}`;
  }
}

async function layout(kustomization: string) {
  const ws = await newWorkspace();
  await writeFiles(ws, {
    'app/kustomization.yaml': kustomization,
    'app/first.yaml': CONFIGMAP('first'),
    'app/second.yaml': CONFIGMAP('second'),
  });
  const checkout = await openCheckout(ws, new Map());
  return { ws, tree: [...treeOf(checkout, 'app')].sort() };
}

describe.concurrent('a kustomization of several YAML documents, read as kustomize reads it', () => {
  it('a trailing ---: its resources are read', async () => {
    const { ws, tree } = await layout('resources:\n  - first.yaml\n---\n');
    expect(await kustomize(ws)).toContain('name: first');
    expect(tree).toEqual(['app/first.yaml', 'app/kustomization.yaml']);
  });

  it('two documents: the first one only', async () => {
    const { ws, tree } = await layout(
      'resources:\n  - first.yaml\n---\nresources:\n  - second.yaml\n',
    );
    const built = await kustomize(ws);
    expect(built).toContain('name: first');
    expect(built).not.toContain('name: second');
    expect(tree).toEqual(['app/first.yaml', 'app/kustomization.yaml']);
  });

  it('an empty first document: nothing read', async () => {
    const { ws, tree } = await layout('---\n---\nresources:\n  - first.yaml\n');
    expect(await kustomize(ws)).not.toContain('name: first');
    expect(tree).toEqual(['app/kustomization.yaml']);
  });
});
