/** A small in-memory stand-in for the check-packages use case, for MCP edge tests. */
import type { Ecosystem, NameCheck } from '../../src/engines/package-names/types.js';
import type { CheckPackagesRequest, CheckReport } from '../../src/mcp/tools/check-package.js';
import { GuardError } from '../../src/shared/errors.js';
import { worstVerdict } from '../../src/shared/verdict.js';

const SNAPSHOT = { source: 'test-snapshot', date: '2026-11-20' };

const KNOWN: Record<Ecosystem, string[]> = {
  pypi: ['requests', 'numpy', 'flask'],
  npm: ['lodash', 'express'],
  conda: ['numpy'],
};

/** Known names allow, `reqeusts`-like near misses block with a suggestion, `explode` throws a GuardError. */
export async function fakeCheckPackages(request: CheckPackagesRequest): Promise<CheckReport> {
  const results = request.packages.map((input) => checkOne(request.ecosystem, input));
  return { verdict: worstVerdict(results.map((r) => r.verdict)), results };
}

function checkOne(ecosystem: Ecosystem, input: string): NameCheck {
  if (input === 'explode') {
    throw new GuardError('CHECKPOINT_MISSING', 'no pypi name index at ~/.guard/index', {
      hint: 'run `guard update` first',
    });
  }
  const [name = input, constraint] = input.split(/(?=[<>=!~])/, 2);
  const normalized = name.toLowerCase().replace(/[-_.]+/g, '-');
  const base = { input, name, normalized, ecosystem, snapshot: SNAPSHOT, ...(constraint ? { constraint } : {}) };
  if (KNOWN[ecosystem].includes(normalized)) {
    return { ...base, exists: true, verdict: 'allow', reasons: [], suggestions: [] };
  }
  const close = KNOWN[ecosystem].filter((known) => [...known].sort().join('') === [...normalized].sort().join(''));
  return {
    ...base,
    exists: false,
    verdict: 'block',
    reasons: [
      {
        code: 'not_found',
        message: `${ecosystem} package "${name}" does not exist (snapshot ${SNAPSHOT.date})`,
      },
    ],
    suggestions: close.map((known) => ({ name: known, distance: 2, popularity: 0.99, rank: 4 })),
  };
}
