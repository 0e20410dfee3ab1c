/** Turns a parsed source spec into an index plan: locating the package, listing its files. */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

import { GuardError } from '../../../shared/errors.js';
import type { SourceSpec } from '../source-spec.js';
import { locateBotocore, planBotocore } from './botocore-source.js';
import { planMarkdown } from './markdown-source.js';
import { locateNpmPackage, planNpm } from './npm-source.js';
import { planOpenApi } from './openapi-source.js';
import { DEFAULT_PYTHON } from './python-runner.js';
import { locatePythonPackage, planPython } from './python-source.js';
import type { SourcePlan } from './source-plan.js';

/** The plan for one source; relative paths resolve against `cwd`; `python` locates and introspects Python packages. Throws SOURCE_MISSING / INPUT_INVALID. */
export async function planSource(spec: SourceSpec, cwd: string, python = DEFAULT_PYTHON): Promise<SourcePlan> {
  const at = (path: string): string => (isAbsolute(path) ? path : resolve(cwd, path));
  switch (spec.kind) {
    case 'botocore':
      return planBotocore(await locateBotocore(spec.path === undefined ? undefined : existing(at(spec.path)), python));
    case 'python':
      return planPython(spec.path !== undefined ? existing(at(spec.path)) : await locatePythonPackage(spec.name!, python), { python });
    case 'npm':
      return planNpm(locateNpmPackage(spec.name, cwd));
    case 'openapi':
      return planOpenApi(existing(at(spec.path)));
    case 'markdown': {
      const dir = existing(at(spec.path));
      if (!statSync(dir).isDirectory()) throw new GuardError('INPUT_INVALID', `markdown:${spec.path} is not a directory`);
      return planMarkdown(dir, spec.library);
    }
  }
}

/** Re-plans a source already in the index from its stored kind, root and library (for watching and refresh). */
export async function replanSource(kind: string, root: string, library: string, python = DEFAULT_PYTHON): Promise<SourcePlan> {
  switch (kind) {
    case 'botocore':
      return planBotocore(root);
    case 'python':
      return planPython(root, { python });
    case 'npm':
      return planNpm({ dir: root, name: library });
    case 'openapi':
      return planOpenApi(root);
    case 'markdown':
      return planMarkdown(root, library);
    default:
      throw new GuardError('INDEX_INVALID', `unknown source kind "${kind}" in the API index`);
  }
}

function existing(path: string): string {
  if (!existsSync(path))
    throw new GuardError('SOURCE_MISSING', `${path} does not exist`, { hint: 'check the path, relative to the current directory' });
  return path;
}
