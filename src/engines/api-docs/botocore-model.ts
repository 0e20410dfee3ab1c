/**
 * Extracts boto3 client methods from a botocore service model (`service-2.json`): one record per
 * operation, named by `xform_name`, its input shape's members as keyword-only parameters, plus
 * the methods boto3 adds to every client and to S3's.
 */
import { firstSentences, htmlToText } from './doc-text.js';
import { renderSignature } from './signature-text.js';
import type { ApiParam, ApiRecord } from './types.js';
import { xformName } from './xform-name.js';

export const BOTO3_LIBRARY = 'boto3';

interface ShapeRef {
  shape?: string;
  documentation?: string;
}

interface Shape {
  type?: string;
  required?: string[];
  members?: Record<string, ShapeRef>;
  documentation?: string;
}

interface Operation {
  input?: ShapeRef;
  documentation?: string;
  deprecated?: boolean;
}

/** The parts of a `service-2.json` this extractor reads (unknown fields are ignored). */
export interface ServiceModel {
  metadata?: { apiVersion?: string; serviceId?: string; serviceFullName?: string };
  operations?: Record<string, Operation>;
  shapes?: Record<string, Shape>;
}

/** Whether a parsed JSON value looks like a botocore service model. */
export function isServiceModel(value: unknown): value is ServiceModel {
  if (typeof value !== 'object' || value === null) return false;
  const model = value as ServiceModel;
  return typeof model.operations === 'object' && model.operations !== null && typeof model.shapes === 'object';
}

const DOCS_URL = 'https://boto3.amazonaws.com/v1/documentation/api/latest/reference/services';

/**
 * Records for `service` (the botocore data folder name boto3.client() takes, e.g. `s3`) from its
 * model. `location` names the model file. Operations come in model order.
 */
export function extractBotocoreService(service: string, model: ServiceModel, location: string): ApiRecord[] {
  const version = model.metadata?.apiVersion ?? '';
  const serviceName = model.metadata?.serviceFullName ?? model.metadata?.serviceId ?? service;
  const records: ApiRecord[] = [];
  for (const [operationName, operation] of Object.entries(model.operations ?? {})) {
    // boto3 names a client's methods from the operation's key; the model's `name` may differ
    // (CloudFront's carry an API version suffix: `CreateDistribution2020_05_31`).
    const member = xformName(operationName);
    const input = operation.input?.shape ? model.shapes?.[operation.input.shape] : undefined;
    const required = new Set(input?.required ?? []);
    const params: ApiParam[] = Object.entries(input?.members ?? {}).map(([name, ref]) => {
      const type = ref.shape ? model.shapes?.[ref.shape]?.type : undefined;
      return {
        name,
        kind: 'keyword' as const,
        required: required.has(name),
        ...(type ? { type } : {}),
      };
    });
    // Required members first, as the documentation shows them.
    params.sort((a, b) => Number(b.required) - Number(a.required));
    const documentation = htmlToText(operation.documentation ?? '');
    const deprecated = operation.deprecated ? ' (deprecated)' : '';
    records.push({
      library: BOTO3_LIBRARY,
      name: `${service}.${member}`,
      owner: service,
      member,
      kind: 'operation',
      signature: renderSignature(member, params),
      params,
      description: `${firstSentences(documentation) || `${serviceName} ${operationName}.`}${deprecated}`,
      documentation: `${serviceName}: ${operationName}\n${documentation}\n${DOCS_URL}/${service}/client/${member}.html`,
      location: `${location}#operations/${operationName}`,
      version,
      keywordOnly: true,
    });
  }
  records.push(...clientMethods(service, serviceName, version, location));
  return records;
}

interface ExtraMethod {
  member: string;
  params: Array<[name: string, defaultValue?: string]>;
  description: string;
}

/** Methods botocore and boto3 put on every client (not operations of the service model). */
const COMMON_METHODS: readonly ExtraMethod[] = [
  { member: 'can_paginate', params: [['operation_name']], description: 'Check if an operation can be paginated.' },
  { member: 'get_paginator', params: [['operation_name']], description: 'Create a paginator for an operation.' },
  { member: 'get_waiter', params: [['waiter_name']], description: 'Returns an object that can wait for some condition.' },
  { member: 'close', params: [], description: 'Closes underlying endpoint connections.' },
  {
    member: 'generate_presigned_url',
    params: [['ClientMethod'], ['Params', 'None'], ['ExpiresIn', '3600'], ['HttpMethod', 'None']],
    description: 'Generate a presigned url given a client, its method, and arguments.',
  },
];

/** Transfer methods boto3 injects into the S3 client (boto3/s3/inject.py). */
const S3_METHODS: readonly ExtraMethod[] = [
  {
    member: 'upload_file',
    params: [['Filename'], ['Bucket'], ['Key'], ['ExtraArgs', 'None'], ['Callback', 'None'], ['Config', 'None']],
    description: 'Upload a file to an S3 object.',
  },
  {
    member: 'download_file',
    params: [['Bucket'], ['Key'], ['Filename'], ['ExtraArgs', 'None'], ['Callback', 'None'], ['Config', 'None']],
    description: 'Download an S3 object to a file.',
  },
  {
    member: 'upload_fileobj',
    params: [['Fileobj'], ['Bucket'], ['Key'], ['ExtraArgs', 'None'], ['Callback', 'None'], ['Config', 'None']],
    description: 'Upload a file-like object to S3.',
  },
  {
    member: 'download_fileobj',
    params: [['Bucket'], ['Key'], ['Fileobj'], ['ExtraArgs', 'None'], ['Callback', 'None'], ['Config', 'None']],
    description: 'Download an object from S3 to a file-like object.',
  },
  {
    member: 'copy',
    params: [
      ['CopySource'],
      ['Bucket'],
      ['Key'],
      ['ExtraArgs', 'None'],
      ['Callback', 'None'],
      ['SourceClient', 'None'],
      ['Config', 'None'],
    ],
    description: 'Copy an object from one S3 location to another (a managed transfer).',
  },
  {
    member: 'generate_presigned_post',
    params: [['Bucket'], ['Key'], ['Fields', 'None'], ['Conditions', 'None'], ['ExpiresIn', '3600']],
    description: 'Builds the url and the form fields used for a presigned s3 post.',
  },
];

function clientMethods(service: string, serviceName: string, version: string, location: string): ApiRecord[] {
  const extras = service === 's3' ? [...COMMON_METHODS, ...S3_METHODS] : COMMON_METHODS;
  return extras.map((extra) => {
    const params: ApiParam[] = extra.params.map(([name, defaultValue]) => ({
      name,
      kind: 'normal',
      required: defaultValue === undefined,
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
    }));
    return {
      library: BOTO3_LIBRARY,
      name: `${service}.${extra.member}`,
      owner: service,
      member: extra.member,
      kind: 'method',
      signature: renderSignature(extra.member, params),
      params,
      description: extra.description,
      documentation: `${serviceName} client: ${extra.description}`,
      location: `${location}#client/${extra.member}`,
      version,
    };
  });
}
