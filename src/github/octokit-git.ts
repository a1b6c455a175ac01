/**
 * The git database calls of the review loop's claims, through Octokit (octokit-pull-requests.ts
 * gives them their time limit and errors): the claim's commit, its refs (created, read back,
 * listed, deleted), and the outcome a run leaves on its claim (a child commit the lead ref moves
 * to, read by a later run's sweep). See git-refs.ts for what each call means.
 */
import type { createOctokit } from './octokit.js';
import type { GitRefApi } from './git-refs.js';

type Call = <T>(fn: (request: { signal: AbortSignal }) => Promise<T>) => Promise<T>;

/** A ref as the git ref paths take it: without `refs/`. */
const short = (ref: string) => ref.replace(/^refs\//, '');

/** Who the claims' commits name: no person. */
const WHO = { name: 'static-export-helm', email: 'claims@static-export-helm.invalid' };

export function gitRefCalls(
  octokit: ReturnType<typeof createOctokit>,
  at: { owner: string; repo: string },
  call: Call,
): GitRefApi {
  /** A commit whose tree holds one file, `path`, with `content`: its sha. */
  const commitWith = async (
    request: { signal: AbortSignal },
    path: string,
    content: string,
    message: string,
    parents: string[],
    date?: string,
  ) => {
    const tree = await octokit.rest.git.createTree({
      ...at,
      tree: [{ path, mode: '100644', type: 'blob', content }],
      request,
    });
    const who = date ? { ...WHO, date } : WHO;
    const { data } = await octokit.rest.git.createCommit({
      ...at,
      message,
      tree: tree.data.sha,
      parents,
      author: who,
      committer: who,
      request,
    });
    return data.sha;
  };
  return {
    createClaimCommit: (message, file, date) =>
      call((request) => commitWith(request, 'claim.json', file, message, [], date)),
    createRef: (ref, sha) =>
      call(async (request) => {
        await octokit.rest.git.createRef({ ...at, ref, sha, request });
      }),
    refSha: (ref) =>
      call(async (request) => {
        try {
          const { data } = await octokit.rest.git.getRef({ ...at, ref: short(ref), request });
          return data.object.sha;
        } catch (error) {
          if ((error as { status?: unknown }).status === 404) return undefined;
          throw error;
        }
      }),
    deleteRef: (ref) =>
      call(async (request) => {
        await octokit.rest.git.deleteRef({ ...at, ref: short(ref), request });
      }),
    matchingRefs: (prefix) =>
      call(async (request) => {
        const { data } = await octokit.rest.git.listMatchingRefs({
          ...at,
          ref: short(prefix),
          request,
        });
        return data.map((r) => ({ ref: r.ref, sha: r.object.sha }));
      }),
    leaveOutcome: (ref, parent, message, file) =>
      call(async (request) => {
        const sha = await commitWith(request, 'outcome.json', file, message, [parent]);
        // Not forced: GitHub moves the ref only from the claim's commit, the new one's parent.
        await octokit.rest.git.updateRef({ ...at, ref: short(ref), sha, force: false, request });
        return sha;
      }),
    commitOf: (sha) =>
      call(async (request) => {
        try {
          const { data } = await octokit.rest.git.getCommit({ ...at, commit_sha: sha, request });
          return { message: data.message, parents: data.parents.map((p) => p.sha) };
        } catch (error) {
          if ((error as { status?: unknown }).status === 404) return undefined;
          throw error;
        }
      }),
  };
}
