/** An OpenAPI 3 document (JSON or YAML) as a source. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { GuardError } from '../../../shared/errors.js';
import { extractOpenApi, isOpenApiDocument, openApiLibrary } from '../openapi-model.js';
import { fingerprintFile } from './file-walk.js';
import type { SourcePlan } from './source-plan.js';

/** Reads and validates the document now (so a bad file fails before indexing starts). */
export async function planOpenApi(file: string): Promise<SourcePlan> {
  const absolute = resolve(file);
  const doc = await readOpenApi(absolute);
  const library = openApiLibrary(doc);
  const version =
    typeof (doc.info as Record<string, unknown> | undefined)?.version === 'string'
      ? String((doc.info as Record<string, unknown>).version)
      : '';
  return {
    id: `openapi:${absolute}`,
    kind: 'openapi',
    root: absolute,
    library,
    version,
    files: [fingerprintFile(dirname(absolute), absolute)],
    granularity: 'whole',
    extract: async (files) => {
      const fresh = await readOpenApi(absolute);
      return new Map([[files[0]!.path, extractOpenApi(fresh, files[0]!.path, library)]]);
    },
  };
}

async function readOpenApi(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new GuardError('SOURCE_MISSING', `cannot read ${file}: ${(cause as Error).message}`, { cause });
  }
  let doc: unknown;
  try {
    doc = /\.json$/i.test(file) ? JSON.parse(text) : (await import('yaml')).parse(text);
  } catch (cause) {
    throw new GuardError('INPUT_INVALID', `${file} is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${(cause as Error).message}`, {
      cause,
    });
  }
  if (!isOpenApiDocument(doc)) {
    throw new GuardError('INPUT_INVALID', `${file} is not an OpenAPI 3 document (no "openapi: 3.x" and "paths")`, {
      hint: 'Swagger 2.0 files need converting to OpenAPI 3 first',
    });
  }
  return doc;
}
