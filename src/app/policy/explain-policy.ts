/** Use case: which policy rule decides one package spec, step by step (`guard policy explain`). */
import { loadPolicy, type LoadedPolicy } from '../../config/load-policy.js';
import { parseCondaCommand, parseNodeCommand, parsePythonCommand, type InstallTarget } from '../../engines/install-commands/index.js';
import { type Ecosystem, type NameCheck } from '../../engines/package-names/index.js';
import { explainDecision, type PolicyExplanation, type TargetFacts } from '../../engines/policy/index.js';
import { GuardError } from '../../shared/errors.js';
import { type Env } from '../../shared/paths.js';

export interface PolicyExplanationReport extends PolicyExplanation {
  loaded: LoadedPolicy;
  target: InstallTarget;
  check?: NameCheck;
  facts: TargetFacts;
}

export interface ExplainPolicyDeps {
  cwd: string;
  env: Env;
  stderr: NodeJS.WritableStream;
}

// The spec is read as the install command would read it, with no files around it.
const NO_FILES = { readText: (): string | undefined => undefined };

/** Explains the decision for `spec`; throws GuardError INPUT_INVALID when it is not a spec of `ecosystem`, CONFIG_INVALID for a bad policy. */
export async function explainPolicy(
  ecosystem: Ecosystem,
  spec: string,
  indexes: string[],
  deps: ExplainPolicyDeps,
): Promise<PolicyExplanationReport> {
  const loaded = loadPolicy({ cwd: deps.cwd, env: deps.env });
  const target = classifySpec(ecosystem, spec, deps.cwd);
  let check: NameCheck | undefined;
  let facts: TargetFacts = {};
  if (target.kind === 'registry' && target.name !== undefined) {
    const name = target.name;
    // Loaded lazily: `policy check` never opens the name lists.
    const [{ checkPackages }, { gatherTargetFacts }, { withNameLists }] = await Promise.all([
      import('../packages/check-packages.js'),
      import('../installs/vet-install.js'),
      import('../packages/held-name-lists.js'),
    ]);
    await withNameLists({ env: deps.env, stderr: deps.stderr }, async (held) => {
      check = (await checkPackages({ ecosystem, packages: [target.spec ?? name] }, held)).results[0];
      facts = gatherTargetFacts(ecosystem, name, check, loaded.policy, held);
    });
  }
  const explanation = explainDecision(target, check, loaded.policy, new Date(), { ...facts, indexes });
  return { ...explanation, loaded, target, ...(check === undefined ? {} : { check }), facts };
}

/** Reads the spec as `pip install`, `npm install` or `conda install` would. */
function classifySpec(ecosystem: Ecosystem, spec: string, cwd: string): InstallTarget {
  const context = { cwd, env: {}, files: NO_FILES };
  const request =
    ecosystem === 'pypi'
      ? parsePythonCommand(['pip', 'install', spec], context)
      : ecosystem === 'npm'
        ? parseNodeCommand(['npm', 'install', spec], context)
        : parseCondaCommand(['conda', 'install', spec], context);
  const target = request?.targets[0];
  if (!target) throw new GuardError('INPUT_INVALID', `"${spec}" is not a ${ecosystem} package spec`);
  return target;
}
