/**
 * Install commands of the managers most installs use, vetted once in process before the hook
 * bundle's code cache is written (cli/load-hook-bundle.ts). V8 caches the functions compiled so
 * far; a cache written after one call (often `ls`, or one manager's install) would leave every other
 * manager's parser, the policy and the name checks to be compiled again on each later call. The
 * commands are vetted under the default policy (offline) against the name lists already stored
 * (none is built: an ecosystem without one is vetted against no list), in a directory that does not
 * exist; nothing is fetched, and the verdicts are dropped.
 */
import { type Ecosystem } from '../../engines/package-names/index.js';
import { DEFAULT_POLICY } from '../../engines/policy/index.js';
import { type Env } from '../../shared/paths.js';
import { closeNameLists, type NameListMap } from '../packages/held-name-lists.js';
import { loadStoredNameLists, nameListKey } from '../packages/name-lists.js';
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

const ECOSYSTEMS: readonly Ecosystem[] = ['pypi', 'npm', 'conda'];

/** Vets the commands above; never rejects (a warm-up's fault changes nothing). */
export async function warmUpInstallGuard(env: Env): Promise<void> {
  const nameLists: NameListMap = new Map();
  try {
    for (const ecosystem of ECOSYSTEMS) {
      if (loadStoredNameLists(ecosystem, { env, nameLists }) === undefined) nameLists.set(nameListKey(env, ecosystem), []);
    }
    const cwd = '/nonexistent/groundguard-warm-up';
    for (const command of COMMANDS)
      await guardShellCommand(command, { cwd, env, policy: DEFAULT_POLICY, nameLists }).catch(() => undefined);
  } catch {
    // Only the compiled code matters here.
  } finally {
    closeNameLists(nameLists);
  }
}
