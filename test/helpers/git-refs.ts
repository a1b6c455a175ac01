/**
 * The git database side of the GitHub REST stand-in (pull-requests.ts routes to it): trees and
 * commits (POST /git/trees, /git/commits, GET /git/commits/{sha}), and refs (POST /git/refs, GET
 * /git/ref/{ref}, GET /git/matching-refs/{prefix}, PATCH and DELETE /git/refs/{ref}) with GitHub's
 * semantics (a PATCH without force only fast-forwards): a ref is created
 * only when no ref of that name exists (else 422 "Reference already exists"), only at an object
 * the repository holds (else 422 "Object does not exist"), only under `refs/` with two slashes;
 * deleting a missing ref is 422 "Reference does not exist". Object ids are git's own (SHA-1 of
 * the object as git stores it), so the same tree or commit made twice has the same sha.
 */
import { createHash } from 'node:crypto';

type Answer = { status: number; data: unknown } | { status: number; message: string };

const hash = (type: string, content: Buffer) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content]))
    .digest('hex');

export class GitStore {
  /** Every ref, by its full name. */
  readonly refs = new Map<string, string>();
  /** The objects written, by sha: their type, and a commit's message. */
  readonly objects = new Map<
    string,
    { type: 'blob' | 'tree' | 'commit'; message?: string; parents?: string[]; tree?: string }
  >();

  constructor(private readonly api: string) {}

  /** POST /git/trees with one inline file per entry (the form the action uses). */
  tree(body: Record<string, unknown>): Answer {
    const entries = Array.isArray(body.tree) ? (body.tree as Record<string, unknown>[]) : [];
    if (entries.length === 0) return { status: 422, message: 'Invalid tree info' };
    const parts: Buffer[] = [];
    for (const e of [...entries].sort((a, b) => String(a.path).localeCompare(String(b.path)))) {
      if (typeof e.content !== 'string' || e.type !== 'blob')
        return { status: 422, message: 'Invalid tree info' };
      const blob = hash('blob', Buffer.from(e.content));
      this.objects.set(blob, { type: 'blob' });
      parts.push(Buffer.from(`${String(e.mode)} ${String(e.path)}\0`), Buffer.from(blob, 'hex'));
    }
    const sha = hash('tree', Buffer.concat(parts));
    this.objects.set(sha, { type: 'tree' });
    return { status: 201, data: { sha, url: `${this.api}/git/trees/${sha}`, tree: [] } };
  }

  /** POST /git/commits: the tree must exist; the dates given make the sha (else now). */
  commit(body: Record<string, unknown>): Answer {
    const tree = String(body.tree);
    if (this.objects.get(tree)?.type !== 'tree')
      return { status: 422, message: 'Tree SHA does not exist' };
    const parents = Array.isArray(body.parents) ? body.parents.map(String) : [];
    const person = (p: unknown) => {
      const who = (p ?? {}) as { name?: string; email?: string; date?: string };
      const at = Math.floor(Date.parse(who.date ?? new Date().toISOString()) / 1000);
      return `${who.name ?? 'octocat'} <${who.email ?? 'octocat@github.com'}> ${at} +0000`;
    };
    const message = typeof body.message === 'string' ? body.message : '';
    const text = [
      `tree ${tree}`,
      ...parents.map((p) => `parent ${p}`),
      `author ${person(body.author)}`,
      `committer ${person(body.committer ?? body.author)}`,
      '',
      message,
    ].join('\n');
    const sha = hash('commit', Buffer.from(text));
    this.objects.set(sha, { type: 'commit', message, parents, tree });
    return { status: 201, data: { sha, url: `${this.api}/git/commits/${sha}`, message } };
  }

  /** GET /git/commits/{sha}: its message, tree and parents. */
  commitOf(sha: string): Answer {
    const found = this.objects.get(sha);
    if (found?.type !== 'commit') return { status: 404, message: 'Not Found' };
    const url = (one: string) => `${this.api}/git/commits/${one}`;
    return {
      status: 200,
      data: {
        sha,
        url: url(sha),
        message: found.message ?? '',
        tree: { sha: found.tree, url: `${this.api}/git/trees/${found.tree}` },
        parents: (found.parents ?? []).map((p) => ({ sha: p, url: url(p) })),
      },
    };
  }

  /** Whether `ancestor` is `sha` or reached from it through parents. */
  #follows(sha: string, ancestor: string): boolean {
    const seen = new Set<string>();
    const todo = [sha];
    for (let one = todo.pop(); one !== undefined; one = todo.pop()) {
      if (one === ancestor) return true;
      if (seen.has(one)) continue;
      seen.add(one);
      todo.push(...(this.objects.get(one)?.parents ?? []));
    }
    return false;
  }

  /**
   * PATCH /git/refs/{ref}: an existing ref moved to `sha`; without `force`, only to a commit that
   * follows on from where it points (else 422 "Update is not a fast forward").
   */
  update(ref: string, body: Record<string, unknown>): Answer {
    const full = `refs/${decodeURIComponent(ref)}`;
    const sha = typeof body.sha === 'string' ? body.sha : '';
    const now = this.refs.get(full);
    if (now === undefined) return { status: 422, message: 'Reference does not exist' };
    if (!this.objects.has(sha)) return { status: 422, message: 'Object does not exist' };
    if (body.force !== true && !this.#follows(sha, now))
      return { status: 422, message: 'Update is not a fast forward' };
    this.refs.set(full, sha);
    return { status: 200, data: this.#view(full, sha) };
  }

  #view(ref: string, sha: string) {
    const type = this.objects.get(sha)?.type ?? 'commit';
    return {
      ref,
      node_id: `REF_${Buffer.from(ref).toString('base64')}`,
      url: `${this.api}/git/${ref}`,
      object: { sha, type, url: `${this.api}/git/${type}s/${sha}` },
    };
  }

  /** POST /git/refs. */
  create(body: Record<string, unknown>): Answer {
    const ref = typeof body.ref === 'string' ? body.ref : '';
    const sha = typeof body.sha === 'string' ? body.sha : '';
    if (!ref.startsWith('refs/') || ref.split('/').length < 3)
      return {
        status: 422,
        message: 'Reference name must start with refs/ and have at least two slashes.',
      };
    if (!this.objects.has(sha)) return { status: 422, message: 'Object does not exist' };
    if (this.refs.has(ref)) return { status: 422, message: 'Reference already exists' };
    this.refs.set(ref, sha);
    return { status: 201, data: this.#view(ref, sha) };
  }

  /** GET /git/ref/{ref}: that ref only. */
  get(ref: string): Answer {
    const full = `refs/${decodeURIComponent(ref)}`;
    const sha = this.refs.get(full);
    return sha
      ? { status: 200, data: this.#view(full, sha) }
      : { status: 404, message: 'Not Found' };
  }

  /** GET /git/matching-refs/{prefix}: every ref starting so (an empty list when none). */
  matching(prefix: string): Answer {
    const start = `refs/${decodeURIComponent(prefix)}`;
    const found = [...this.refs]
      .filter(([ref]) => ref.startsWith(start))
      .sort(([a], [b]) => a.localeCompare(b));
    return { status: 200, data: found.map(([ref, sha]) => this.#view(ref, sha)) };
  }

  /** DELETE /git/refs/{ref}. */
  delete(ref: string): Answer {
    const full = `refs/${decodeURIComponent(ref)}`;
    if (!this.refs.delete(full)) return { status: 422, message: 'Reference does not exist' };
    return { status: 204, data: undefined };
  }

  /**
   * The claim commit behind a claim ref: the commit it points at, or that commit's parent once
   * the run left its outcome there (a child whose message starts "Review loop outcome").
   */
  claimAt(ref: string): string | undefined {
    const sha = this.refs.get(ref);
    const commit = sha === undefined ? undefined : this.objects.get(sha);
    return commit?.message?.startsWith('Review loop outcome\n') ? commit.parents?.[0] : sha;
  }

  /** A commit of another writer's (a tree with one file of `content`), set as `ref`: its sha. */
  refAt(ref: string, content: string): string {
    const tree = this.tree({
      tree: [{ path: 'claim.json', mode: '100644', type: 'blob', content }],
    });
    const treeSha = (tree as { data: { sha: string } }).data.sha;
    const commit = this.commit({ tree: treeSha, message: content, parents: [] });
    const sha = (commit as { data: { sha: string } }).data.sha;
    this.refs.set(ref, sha);
    return sha;
  }
}
