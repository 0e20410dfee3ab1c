/**
 * botocore's `xform_name`: how an operation name (`DescribeDBInstances`) becomes the boto3 client
 * method an agent calls (`describe_db_instances`), with botocore's table of special cases.
 */

const FIRST_CAP = /(.)([A-Z][a-z]+)/g;
const END_CAP = /([a-z0-9])([A-Z])/g;
const SPECIAL_CASE = /[A-Z]{2,}s$/;

/** Names botocore maps by hand because the regexes would split them wrongly (botocore/__init__.py). */
const SPECIAL_NAMES: Readonly<Record<string, string>> = {
  CreateCachediSCSIVolume: 'create_cached_iscsi_volume',
  DescribeCachediSCSIVolumes: 'describe_cached_iscsi_volumes',
  DescribeStorediSCSIVolumes: 'describe_stored_iscsi_volumes',
  CreateStorediSCSIVolume: 'create_stored_iscsi_volume',
  ListHITsForQualificationType: 'list_hits_for_qualification_type',
  ExecutePartiQLStatement: 'execute_partiql_statement',
  ExecutePartiQLTransaction: 'execute_partiql_transaction',
  ExecutePartiQLBatch: 'execute_partiql_batch',
  AssociateWhatsAppBusinessAccount: 'associate_whatsapp_business_account',
  CreateWhatsAppMessageTemplate: 'create_whatsapp_message_template',
  CreateWhatsAppMessageTemplateFromLibrary: 'create_whatsapp_message_template_from_library',
  CreateWhatsAppMessageTemplateMedia: 'create_whatsapp_message_template_media',
  DeleteWhatsAppMessageMedia: 'delete_whatsapp_message_media',
  DeleteWhatsAppMessageTemplate: 'delete_whatsapp_message_template',
  DisassociateWhatsAppBusinessAccount: 'disassociate_whatsapp_business_account',
  GetLinkedWhatsAppBusinessAccount: 'get_linked_whatsapp_business_account',
  GetLinkedWhatsAppBusinessAccountPhoneNumber: 'get_linked_whatsapp_business_account_phone_number',
  GetOTelEnrichment: 'get_otel_enrichment',
  GetWhatsAppMessageMedia: 'get_whatsapp_message_media',
  GetWhatsAppMessageTemplate: 'get_whatsapp_message_template',
  ListLinkedWhatsAppBusinessAccounts: 'list_linked_whatsapp_business_accounts',
  ListWhatsAppMessageTemplates: 'list_whatsapp_message_templates',
  ListWhatsAppTemplateLibrary: 'list_whatsapp_template_library',
  PostWhatsAppMessageMedia: 'post_whatsapp_message_media',
  PutWhatsAppBusinessAccountEventDestinations: 'put_whatsapp_business_account_event_destinations',
  SendWhatsAppMessage: 'send_whatsapp_message',
  StartOTelEnrichment: 'start_otel_enrichment',
  StopOTelEnrichment: 'stop_otel_enrichment',
  UpdateWhatsAppMessageTemplate: 'update_whatsapp_message_template',
};

/**
 * Converts a CamelCase operation name to its Python name exactly as botocore does: a name that
 * already contains `sep` is returned unchanged; a trailing plural acronym (`ARNs`, `ACLs`) becomes
 * one word; the hand-made table wins over the regexes (only for `_`, or `-` with the same words).
 */
export function xformName(name: string, sep = '_'): string {
  if (name.includes(sep)) return name;
  const special = SPECIAL_NAMES[name];
  if (special !== undefined) return sep === '_' ? special : special.replaceAll('_', sep);
  let text = name;
  const plural = SPECIAL_CASE.exec(text);
  if (plural) text = `${text.slice(0, -plural[0].length)}${sep}${plural[0].toLowerCase()}`;
  const s1 = text.replace(FIRST_CAP, `$1${sep}$2`);
  return s1.replace(END_CAP, `$1${sep}$2`).toLowerCase();
}
