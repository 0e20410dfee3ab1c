/**
 * Install commands of every package manager the hooks read, vetted once in process before the hook
 * bundle's code cache is written (cli/load-hook-bundle.ts). V8 caches the functions compiled so
 * far; a cache written after one call (often `ls`, or one manager's install) would leave every other
 * manager's parser, the policy and the name checks to be compiled again on each later call. The
 * commands are vetted under the default policy (offline) against small name lists made here, in a
 * directory that does not exist: nothing is fetched, built or written, and the verdicts are dropped.
 */
import { compileNameList, NameIndex, type Ecosystem } from '../../engines/package-names/index.js';
import { DEFAULT_POLICY } from '../../engines/policy/index.js';
import { type Env } from '../../shared/paths.js';
import { nameListKey } from '../packages/name-lists.js';
import { guardShellCommand } from './guard-shell-command.js';

// The managers and forms most installs use; a rarer one (or a suggestion for a misspelt name) is
// compiled when a call needs it, as every function in the cache costs each later call its load.
const COMMANDS = [
  'pip install requests "flask>=2" -r requirements.txt',
  'python3 -m pip install --upgrade pip && pip3 install numpy==1.26.4',
  'uv pip install fastapi[all] && uv add httpx',
  'conda install -y -c conda-forge numpy scipy',
  'npm install express && npm i -D typescript @types/node',
  'cd web && yarn add lodash && pnpm add zod 2>&1 | tail -5',
];

const NAMES: Record<Ecosystem, string[]> = {
  pypi: ['fastapi', 'flask', 'httpx', 'numpy', 'pip', 'requests'],
  npm: ['@types/node', 'express', 'lodash', 'typescript', 'zod'],
  conda: ['numpy', 'scipy'],
};

/** Vets the commands above; never rejects (a warm-up's fault changes nothing). */
export async function warmUpInstallGuard(env: Env): Promise<void> {
  try {
    const nameLists = new Map<string, NameIndex[]>();
    for (const [ecosystem, names] of Object.entries(NAMES) as Array<[Ecosystem, string[]]>) {
      const list = compileNameList({
        meta: { ecosystem, kind: 'import', source: 'warm-up', date: '2026-11' },
        names: new TextEncoder().encode(names.map((name) => `${name}\n`).join('')),
        popular: names,
      });
      nameLists.set(nameListKey(env, ecosystem), [new NameIndex(list)]);
    }
    const cwd = '/nonexistent/groundguard-warm-up';
    for (const command of COMMANDS)
      await guardShellCommand(command, { cwd, env, policy: DEFAULT_POLICY, nameLists }).catch(() => undefined);
  } catch {
    // Only the compiled code matters here.
  }
}
