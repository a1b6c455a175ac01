/**
 * helmfile's release templates as helmfile resolves them before rendering (its
 * docs/writing-helmfile.md, "Release Template"): `inherit` with `except`, `defaultInherit`, YAML
 * merge keys (a key written in the release wins), the release's own list replacing the
 * template's, `{{ .Release.Name }}` and `{{ .Environment.Name }}` expanded, and a `.gotmpl` read
 * only where its actions are those expansions.
 */
import { describe, expect, it } from 'vitest';
import {
  environmentsOf,
  resolvedReleases,
  stateDocuments,
} from '../../src/controllers/helmfile.js';

const DOCS = `templates:
  default:
    chart: stable/{{\`{{ .Release.Name }}\`}}
    namespace: kube-system
    values:
    - config/{{\`{{ .Release.Name }}\`}}/values.yaml
    - config/{{\`{{ .Release.Name }}\`}}/{{\`{{ .Environment.Name }}\`}}.yaml
    secrets:
    - config/{{\`{{ .Release.Name }}\`}}/secrets.yaml

releases:
- name: heapster
  version: 0.3.2
  inherit:
  - template: default
    except:
      - secrets
- name: kubernetes-dashboard
  version: 0.10.0
  inherit:
  - template: default
`;

function releases(path: string, text: string) {
  const read = stateDocuments(path, text);
  if ('unreadable' in read) throw new Error(read.unreadable);
  const envs = environmentsOf(read.documents);
  return read.documents.flatMap((d) => resolvedReleases(d, envs));
}

describe('helmfile release templates', () => {
  it("inherit: the template's fields but those except lists, paths expanded per release and environment", () => {
    const [heapster, dashboard] = releases('helmfile.yaml.gotmpl', DOCS);
    expect(heapster).toEqual({
      release: {
        name: 'heapster',
        version: '0.3.2',
        chart: 'stable/heapster',
        namespace: 'kube-system',
        values: ['config/heapster/values.yaml', 'config/heapster/default.yaml'],
      },
      environment: 'default',
    });
    expect(dashboard!.release.secrets).toEqual(['config/kubernetes-dashboard/secrets.yaml']);
  });

  it('one release per environment the state file names, where a path names the environment', () => {
    const found = releases(
      'helmfile.yaml.gotmpl',
      `environments:\n  staging:\n  production:\n---\n${DOCS}`,
    );
    expect(
      found
        .filter((r) => r.release.name === 'heapster')
        .map((r) => [r.environment, (r.release.values as string[])[1]]),
    ).toEqual([
      ['staging', 'config/heapster/staging.yaml'],
      ['production', 'config/heapster/production.yaml'],
    ]);
  });

  it("the release's own values replace the template's; defaultInherit applies where inherit does not name it", () => {
    const [one] = releases(
      'helmfile.yaml',
      'templates:\n  base:\n    chart: ./charts/docs\n    values: [a.yaml, b.yaml]\ndefaultInherit: base\nreleases:\n- name: docs\n  values: [c.yaml]\n',
    );
    expect(one!.release).toEqual({ name: 'docs', chart: './charts/docs', values: ['c.yaml'] });
  });

  it('a merge key: the template merged, a key written in the release winning on either side of it', () => {
    const found = releases(
      'helmfile.yaml',
      'templates:\n  default: &default\n    chart: ./charts/{{ .Release.Name }}\n    values: [config/{{ .Release.Name }}/values.yaml]\nreleases:\n- name: docs\n  <<: *default\n  chart: ./other\n- chart: ./mine\n  <<: *default\n  name: api\n',
    );
    expect(found.map((r) => [r.release.name, r.release.chart, r.release.values])).toEqual([
      ['docs', './other', ['config/docs/values.yaml']],
      ['api', './mine', ['config/api/values.yaml']],
    ]);
  });

  it('a .gotmpl with any other action is unreadable, the action named; a plain state file keeps it in its field', () => {
    const gotmpl = stateDocuments(
      'helmfile.yaml.gotmpl',
      `${DOCS}  installed: {{ .Values.enabled }}\n`,
    );
    expect(gotmpl).toEqual({
      unreadable: expect.stringContaining(
        'with {{ .Values.enabled }}, which only helmfile renders',
      ) as string,
    });
    const plain = releases(
      'helmfile.yaml',
      "releases:\n- name: docs\n  chart: '{{ .Values.chart }}'\n",
    );
    expect(plain[0]!.release.chart).toBe('{{ .Values.chart }}');
  });

  it('a .gotmpl with a bare {{ .Release.Name }}: unreadable, as helmfile fails on it, naming the escape', () => {
    const bare = stateDocuments(
      'helmfile.yaml.gotmpl',
      'releases:\n- name: docs\n  chart: ./charts/docs\n  values:\n  - config/{{ .Release.Name }}/values.yaml\n',
    );
    expect(bare).toEqual({
      unreadable: expect.stringContaining(
        'with {{ .Release.Name }} outside the escape helmfile needs there',
      ) as string,
    });
    expect((bare as { unreadable: string }).unreadable).toContain(
      'Write it as {{`{{ .Release.Name }}`}}',
    );
    // The same in a plain state file is release templating, which helmfile expands.
    expect(
      releases(
        'helmfile.yaml',
        'releases:\n- name: docs\n  chart: ./charts/docs\n  values:\n  - config/{{ .Release.Name }}/values.yaml\n',
      )[0]!.release.values,
    ).toEqual(['config/docs/values.yaml']);
  });

  it('a state file that is not valid YAML: said where', () => {
    const broken = stateDocuments('helmfile.yaml', 'releases:\n- name: a\n  name: b\n');
    expect(broken).toEqual({
      unreadable: expect.stringMatching(
        /^is not valid YAML \(.*line 3.*\): fix the state file there$/,
      ) as string,
    });
  });
});
