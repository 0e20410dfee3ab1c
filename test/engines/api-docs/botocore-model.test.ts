import { describe, expect, it } from 'vitest';

import { extractBotocoreService, isServiceModel } from '../../../src/engines/api-docs/index.js';
import { serviceModel } from '../../fixtures/api-docs-sources.js';

describe('extractBotocoreService', () => {
  const model = serviceModel('2015-03-31', {
    DescribeDBInstances: [
      ['DBInstanceIdentifier'],
      ['MaxRecords', 'Marker'],
      '<p>Describes provisioned RDS instances. This API supports pagination.</p>',
    ],
    ListAPIKeys: [[], ['Limit'], '<p>Lists the API keys.</p>'],
  });
  const records = extractBotocoreService('rds', model, 'botocore/data/rds/2015-03-31/service-2.json');

  it('names operations as boto3 client methods, with the input shape as keyword-only parameters', () => {
    const describe = records.find((r) => r.member === 'describe_db_instances')!;
    expect(describe).toMatchObject({
      library: 'boto3',
      name: 'rds.describe_db_instances',
      owner: 'rds',
      kind: 'operation',
      keywordOnly: true,
      version: '2015-03-31',
      description: 'Describes provisioned RDS instances. This API supports pagination.',
    });
    expect(describe.params.map((p) => [p.name, p.required, p.kind])).toEqual([
      ['DBInstanceIdentifier', true, 'keyword'],
      ['MaxRecords', false, 'keyword'],
      ['Marker', false, 'keyword'],
    ]);
    expect(describe.signature).toBe('describe_db_instances(*, DBInstanceIdentifier: string, MaxRecords: string=…, Marker: string=…)');
    expect(records.some((r) => r.name === 'rds.list_api_keys')).toBe(true);
  });

  it('adds the methods every boto3 client has, and S3 its transfer methods', () => {
    const members = records.map((r) => r.member);
    expect(members).toEqual(expect.arrayContaining(['get_paginator', 'get_waiter', 'can_paginate', 'close', 'generate_presigned_url']));
    expect(members).not.toContain('upload_file');
    const s3 = extractBotocoreService('s3', serviceModel('2006-03-01', {}), 'x');
    const upload = s3.find((r) => r.member === 'upload_file')!;
    expect(upload.params.filter((p) => p.required).map((p) => p.name)).toEqual(['Filename', 'Bucket', 'Key']);
    expect(s3.map((r) => r.member)).toEqual(
      expect.arrayContaining(['download_file', 'upload_fileobj', 'download_fileobj', 'copy', 'generate_presigned_post']),
    );
  });

  it('names methods from the operation key, not the model name with its version suffix (CloudFront)', () => {
    const cloudfront = serviceModel('2020-05-31', {
      CreateDistribution: [['DistributionConfig'], [], '<p>Creates a distribution.</p>'],
    }) as {
      operations: Record<string, { name: string }>;
    };
    cloudfront.operations.CreateDistribution!.name = 'CreateDistribution2020_05_31';
    const members = extractBotocoreService('cloudfront', cloudfront as never, 'x').map((r) => r.member);
    expect(members).toContain('create_distribution');
    expect(members).not.toContain('CreateDistribution2020_05_31');
  });

  it('recognises service models', () => {
    expect(isServiceModel(model)).toBe(true);
    expect(isServiceModel({ operations: {} })).toBe(false);
    expect(isServiceModel(null)).toBe(false);
  });
});
