/**
 * Version-control and URL sources that name one repository on a public forge (`git+https://github.com/org/repo`,
 * `https://gitlab.com/group/project/-/archive/v1.tar.gz`, npm's `github:org/repo`): their identity is the
 * repository written out, not a registry name someone could register first, so the default policy lets them
 * through (`sources.forge`). Anything less explicit — plain http, the git protocol, another host or port, a raw
 * IP, an owner or repository that is not plain text (a run-time `$VAR`, a glob) — is not a forge source.
 */

/** The forges a default policy trusts by name: hosts that serve a repository at `host/owner/repo` over https. */
export const DEFAULT_FORGES: readonly string[] = ['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org', 'git.sr.ht'];

/** A repository on a forge, as a source names it. */
export interface ForgeRepository {
  host: string;
  owner: string;
  repo: string;
}

// npm's hosted-git shorthands (`github:org/repo`) and the host each one fetches from over https.
const SHORTHAND_HOSTS: Readonly<Record<string, string>> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };
// A path segment written out in full: no run-time part, glob, escape or traversal.
const SEGMENT = /^[A-Za-z0-9_~][A-Za-z0-9._~-]*$/;
// `user@host:owner/repo`: git's scp-like ssh form.
const SCP_LIKE = /^[A-Za-z0-9._-]+@([A-Za-z0-9.-]+):([^/\s]+)\/([^/\s#@]+)/;

/**
 * The forge repository `location` names, or undefined when it names none on one of `forges` (host names,
 * compared case-insensitively and exactly: no subdomains). Accepts https and ssh transports, with or
 * without a `vcs+` prefix, git's scp-like ssh form and npm's hosted shorthands; `name @ url` is read as its URL.
 */
export function forgeRepository(location: string, forges: readonly string[]): ForgeRepository | undefined {
  const text = location
    .trim()
    .replace(/^[^\s@/:]+\s*@\s*(?=[a-z+]+:\/\/)/i, '')
    .trim();
  const hosts = new Set(forges.map((host) => host.toLowerCase()));
  const shorthand = /^(github|gitlab|bitbucket):([^/\s]+)\/([^/\s#]+)(?:#.*)?$/i.exec(text);
  if (shorthand) return named(SHORTHAND_HOSTS[shorthand[1]!.toLowerCase()]!, shorthand[2]!, shorthand[3]!, hosts);
  const scp = SCP_LIKE.exec(text);
  if (scp && !text.includes('://')) return named(scp[1]!.toLowerCase(), scp[2]!, scp[3]!, hosts);
  const match = /^(?:(?:git|hg|svn|bzr)\+)?(https|ssh):\/\//i.exec(text);
  if (!match) return undefined;
  let url: URL;
  try {
    url = new URL(`${match[1]!.toLowerCase()}://${text.slice(match[0].length)}`);
  } catch {
    return undefined;
  }
  if (url.port !== '') return undefined;
  // The authority as written must be the host the URL parser saw (no tricks with `@`, `\` or escapes).
  const authority = /^[^/?#]*/.exec(text.slice(match[0].length))![0];
  const writtenHost = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  if (writtenHost !== url.hostname) return undefined;
  const [owner, repo] = text
    .slice(match[0].length + authority.length)
    .replace(/[?#].*$/, '')
    .split('/')
    .slice(1);
  if (owner === undefined || repo === undefined) return undefined;
  return named(url.hostname, owner, repo.replace(/@.*$/, ''), hosts);
}

function named(host: string, owner: string, repo: string, hosts: ReadonlySet<string>): ForgeRepository | undefined {
  const bare = repo.replace(/\.git$/i, '');
  if (!hosts.has(host) || !SEGMENT.test(owner) || !SEGMENT.test(bare)) return undefined;
  return { host, owner, repo: bare };
}
