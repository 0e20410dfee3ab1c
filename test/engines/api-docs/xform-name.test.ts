import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { xformName } from '../../../src/engines/api-docs/index.js';

describe('xformName (botocore xform_name)', () => {
  it.each([
    ['DescribeDBInstances', 'describe_db_instances'],
    ['ListAPIKeys', 'list_api_keys'],
    ['ListObjectsV2', 'list_objects_v2'],
    ['GetBucketACL', 'get_bucket_acl'],
    ['ListARNs', 'list_arns'],
    ['DescribeInstances', 'describe_instances'],
    ['CreateCachediSCSIVolume', 'create_cached_iscsi_volume'],
    ['DescribeStorediSCSIVolumes', 'describe_stored_iscsi_volumes'],
    ['ListHITsForQualificationType', 'list_hits_for_qualification_type'],
    ['ExecutePartiQLStatement', 'execute_partiql_statement'],
    ['SendWhatsAppMessage', 'send_whatsapp_message'],
    ['GetOTelEnrichment', 'get_otel_enrichment'],
    ['PutBucketCORS', 'put_bucket_cors'],
    ['CreateDBClusterParameterGroup', 'create_db_cluster_parameter_group'],
    ['GetSMSAttributes', 'get_sms_attributes'],
    ['AssumeRoleWithSAML', 'assume_role_with_saml'],
    ['already_snake', 'already_snake'],
  ])('%s → %s', (name, expected) => {
    expect(xformName(name)).toBe(expected);
  });

  it('uses the separator it is given, and returns names that already contain it unchanged', () => {
    expect(xformName('DescribeDBInstances', '-')).toBe('describe-db-instances');
    expect(xformName('ListHITsForQualificationType', '-')).toBe('list-hits-for-qualification-type');
    expect(xformName('describe-db-instances', '-')).toBe('describe-db-instances');
  });

  it('always yields lower case without doubled separators for CamelCase input', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Z][a-z]{1,6}$/), { minLength: 1, maxLength: 5 }), (words) => {
        const out = xformName(words.join(''));
        expect(out).toBe(words.map((w) => w.toLowerCase()).join('_'));
      }),
    );
  });
});
