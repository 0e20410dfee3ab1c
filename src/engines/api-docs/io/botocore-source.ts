/**
 * botocore as a source: found from the active python3 (`import botocore`) or a given path; one
 * model file per service (the newest API version, `service-2.json` or `service-2.json.gz`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { GuardError } from '../../../shared/errors.js';
import { BOTO3_LIBRARY, extractBotocoreService, isServiceModel } from '../botocore-model.js';
import type { ApiRecord } from '../types.js';
import { fingerprintFile, type WalkedFile } from './file-walk.js';
import { DEFAULT_PYTHON, runPython } from './python-runner.js';
import type { SourcePlan } from './source-plan.js';

/** botocore's package directory: `path` when given (the package or its data folder), else the active python3's. */
export async function locateBotocore(path?: string, python = DEFAULT_PYTHON): Promise<string> {
  if (path !== undefined) {
    if (existsSync(join(path, 'data'))) return path;
    if (existsSync(join(path, 'botocore', 'data'))) return join(path, 'botocore');
    if (basename(path) === 'data' && existsSync(join(path, '..', '__init__.py'))) return join(path, '..');
    throw new GuardError('SOURCE_MISSING', `no botocore data folder under ${path}`, {
      hint: 'pass the botocore package directory (the one holding data/)',
    });
  }
  const output = await runPython('import botocore, os; print(os.path.dirname(botocore.__file__))', 'botocore', python);
  return output.trim();
}

function readdirSafe(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/** The index plan for botocore at `packageDir` (its `data/<service>/<version>/service-2.json[.gz]`). */
export function planBotocore(packageDir: string): SourcePlan {
  const dataDir = join(packageDir, 'data');
  if (!existsSync(dataDir)) throw new GuardError('SOURCE_MISSING', `${packageDir} has no data/ folder: not a botocore package`);
  const files: WalkedFile[] = [];
  for (const service of readdirSafe(dataDir).sort()) {
    const serviceDir = join(dataDir, service);
    if (!statSync(serviceDir).isDirectory()) continue;
    // boto3 uses the newest API version of a service; versions are ISO dates, so they sort as text.
    const versions = readdirSafe(serviceDir)
      .filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v))
      .sort()
      .reverse();
    for (const version of versions) {
      const model = ['service-2.json', 'service-2.json.gz'].map((name) => join(serviceDir, version, name)).find((file) => existsSync(file));
      if (model) {
        files.push(fingerprintFile(dataDir, model));
        break;
      }
    }
  }
  return {
    id: 'botocore',
    kind: 'botocore',
    root: packageDir,
    library: BOTO3_LIBRARY,
    version: readBotocoreVersion(packageDir),
    files,
    granularity: 'file',
    extract: async (changed) => {
      const records = new Map<string, ApiRecord[]>();
      for (const file of changed) records.set(file.path, readServiceModel(file));
      return records;
    },
  };
}

function readServiceModel(file: WalkedFile): ApiRecord[] {
  const service = file.path.split('/')[0]!;
  let model: unknown;
  try {
    const bytes = readFileSync(file.absolute);
    model = JSON.parse((file.path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
  } catch (cause) {
    throw new GuardError('SOURCE_MISSING', `cannot read the botocore model ${file.absolute}: ${(cause as Error).message}`, { cause });
  }
  if (!isServiceModel(model))
    throw new GuardError('SOURCE_MISSING', `${file.absolute} is not a botocore service model (no operations/shapes)`);
  return extractBotocoreService(service, model, `botocore/data/${file.path}`);
}

function readBotocoreVersion(packageDir: string): string {
  try {
    const init = readFileSync(join(packageDir, '__init__.py'), 'utf8');
    return /__version__\s*=\s*['"]([^'"]+)['"]/.exec(init)?.[1] ?? '';
  } catch {
    return '';
  }
}
