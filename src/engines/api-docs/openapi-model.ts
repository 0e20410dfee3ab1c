/**
 * Extracts operations from an OpenAPI 3 document: one record per operation (operationId, else
 * method + path), path and operation parameters, required JSON body fields; local `$ref`s resolved.
 */
import { firstSentences } from './doc-text.js';
import { renderSignature } from './signature-text.js';
import type { ApiParam, ApiRecord } from './types.js';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Whether a parsed document is OpenAPI 3 (has `openapi: 3.x` and `paths`). */
export function isOpenApiDocument(value: unknown): value is Json {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Json).openapi === 'string' &&
    /^3\./.test((value as Json).openapi as string) &&
    typeof (value as Json).paths === 'object'
  );
}

/** The library name of a document: its title as a slug (`Pet Store API` → `pet-store-api`). */
export function openApiLibrary(doc: Json): string {
  const title = typeof (doc.info as Json | undefined)?.title === 'string' ? ((doc.info as Json).title as string) : 'openapi';
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'openapi'
  );
}

/** Records for every operation of `doc`; `location` names the file. */
export function extractOpenApi(doc: Json, location: string, library = openApiLibrary(doc)): ApiRecord[] {
  const version = typeof (doc.info as Json | undefined)?.version === 'string' ? ((doc.info as Json).version as string) : '';
  const records: ApiRecord[] = [];
  for (const [path, rawItem] of Object.entries((doc.paths as Json) ?? {})) {
    const item = resolve(doc, rawItem) as Json | undefined;
    if (!item) continue;
    const shared = asArray(item.parameters);
    for (const method of METHODS) {
      const operation = resolve(doc, item[method]) as Json | undefined;
      if (!operation) continue;
      const member =
        typeof operation.operationId === 'string'
          ? operation.operationId
          : `${method}_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
      const params = operationParams(doc, [...shared, ...asArray(operation.parameters)], operation.requestBody);
      const summary = typeof operation.summary === 'string' ? operation.summary : '';
      const description = typeof operation.description === 'string' ? operation.description : '';
      const tags = asArray(operation.tags).filter((t): t is string => typeof t === 'string');
      records.push({
        library,
        name: `${library}.${member}`,
        owner: tags[0] ?? library,
        member,
        kind: 'operation',
        signature: renderSignature(member, params),
        params,
        description: firstSentences(summary || description) || `${method.toUpperCase()} ${path}`,
        documentation: [`${method.toUpperCase()} ${path}`, summary, description].filter(Boolean).join('\n'),
        location: `${location}#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}`,
        version,
        ...(tags.length > 0 ? { aliases: [`${tags[0]}.${member}`] } : {}),
      });
    }
  }
  return records;
}

function operationParams(doc: Json, rawParams: unknown[], rawBody: unknown): ApiParam[] {
  const byKey = new Map<string, ApiParam>();
  for (const raw of rawParams) {
    const param = resolve(doc, raw) as Json | undefined;
    if (!param || typeof param.name !== 'string') continue;
    const location = typeof param.in === 'string' ? param.in : 'query';
    if (location === 'header' && /^(accept|content-type|authorization)$/i.test(param.name)) continue;
    const schema = resolve(doc, param.schema) as Json | undefined;
    // Operation-level parameters override path-level ones with the same name and location.
    byKey.set(`${location}:${param.name}`, {
      name: param.name,
      kind: 'keyword',
      required: location === 'path' || param.required === true,
      ...(typeof schema?.type === 'string' ? { type: schema.type } : {}),
    });
  }
  const params = [...byKey.values()];
  const body = resolve(doc, rawBody) as Json | undefined;
  const content = body?.content as Json | undefined;
  const media = content ? ((content['application/json'] ?? Object.values(content)[0]) as Json | undefined) : undefined;
  const schema = mergeAllOf(doc, resolve(doc, media?.schema) as Json | undefined);
  if (schema && typeof schema.properties === 'object' && schema.properties !== null) {
    const required = new Set(asArray(schema.required).filter((r): r is string => typeof r === 'string'));
    for (const [name, rawProperty] of Object.entries(schema.properties as Json)) {
      const property = resolve(doc, rawProperty) as Json | undefined;
      if (property?.readOnly === true) continue;
      params.push({
        name,
        kind: 'keyword',
        required: required.has(name),
        ...(typeof property?.type === 'string' ? { type: property.type } : {}),
      });
    }
  } else if (schema) {
    params.push({ name: 'body', kind: 'keyword', required: body?.required === true });
  }
  return params.sort((a, b) => Number(b.required) - Number(a.required));
}

function mergeAllOf(doc: Json, schema: Json | undefined, depth = 0): Json | undefined {
  if (!schema || !Array.isArray(schema.allOf) || depth > 8) return schema;
  const properties: Json = { ...((schema.properties as Json) ?? {}) };
  const required = new Set<string>(asArray(schema.required).filter((r): r is string => typeof r === 'string'));
  for (const part of schema.allOf) {
    const resolved = mergeAllOf(doc, resolve(doc, part) as Json | undefined, depth + 1);
    Object.assign(properties, (resolved?.properties as Json) ?? {});
    for (const r of asArray(resolved?.required)) if (typeof r === 'string') required.add(r);
  }
  return { ...schema, properties, required: [...required] };
}

/** Follows local `$ref`s (`#/components/...`), up to 16 hops; remote refs resolve to undefined. */
export function resolve(doc: Json, value: unknown, hops = 0): unknown {
  if (typeof value !== 'object' || value === null || hops > 16) return value;
  const ref = (value as Json).$ref;
  if (typeof ref !== 'string') return value;
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    target = typeof target === 'object' && target !== null ? (target as Json)[key] : undefined;
  }
  return resolve(doc, target, hops + 1);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
