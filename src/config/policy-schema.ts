/**
 * The policy file's schema (zod, strict: an unknown key is an error). One file is a layer: every
 * section is optional except `version: 1`; defaults and merging live in the policy engine.
 */
import { z } from 'zod';
import { ECOSYSTEMS } from '../engines/package-names/index.js';
import { constraintError, type PolicyLayer } from '../engines/policy/index.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const OVERLAY = /^[A-Za-z0-9_-]{1,64}$/;

const ecosystem = z.enum(ECOSYSTEMS, { error: 'expected an ecosystem: pypi, npm or conda' });
const action = z.enum(['allow', 'warn', 'block'], { error: 'expected allow, warn or block' });

function text(what: string) {
  return z
    .string({ error: `expected ${what}` })
    .trim()
    .min(1, { error: `expected ${what}, not an empty string` });
}

const date = z
  .string({ error: 'expected a date YYYY-MM-DD' })
  .regex(DATE, { error: 'expected a date YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, { error: 'expected a real calendar date YYYY-MM-DD' });

const httpUrl = z
  .string({ error: 'expected an http(s) URL' })
  .refine(isHttpUrl, { error: 'expected an http(s) URL such as https://pypi.org/simple' });
const channel = text('a conda channel name or URL');

const allowEntry = z.strictObject({
  ecosystem,
  name: text('a package name or glob'),
  reason: z.string({ error: 'expected a reason (text)' }).optional(),
  expires: date.optional(),
});

const denyEntry = z
  .strictObject({
    ecosystem,
    name: text('a package name or glob'),
    versions: text('a version range').optional(),
    reason: z.string({ error: 'expected a reason (text)' }).optional(),
    expires: date.optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.versions === undefined) return;
    const problem = constraintError(entry.ecosystem, entry.versions);
    if (problem) ctx.addIssue({ code: 'custom', path: ['versions'], message: `expected ${constraintKind(entry.ecosystem)} (${problem})` });
  });

const privateEntry = z.strictObject({
  ecosystem,
  pattern: text('a name glob such as @acme/* or acme-*'),
  overlay: z
    .string({ error: 'expected an overlay name' })
    .regex(OVERLAY, { error: 'expected an overlay name: 1-64 letters, digits, "-" or "_"' }),
});

const versionEntry = z
  .strictObject({
    ecosystem,
    name: text('a package name or glob'),
    range: text('a semver range').optional(),
    specifier: text('a PEP 440 specifier').optional(),
  })
  .superRefine((entry, ctx) => {
    const wanted = entry.ecosystem === 'npm' ? 'range' : 'specifier';
    const other = wanted === 'range' ? 'specifier' : 'range';
    if (entry[other] !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [other],
        message: `expected no ${other} for ${entry.ecosystem} (use ${wanted}: ${constraintKind(entry.ecosystem)})`,
      });
      return;
    }
    const value = entry[wanted];
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: `expected ${wanted}: ${constraintKind(entry.ecosystem)}` });
      return;
    }
    const problem = constraintError(entry.ecosystem, value);
    if (problem) ctx.addIssue({ code: 'custom', path: [wanted], message: `expected ${constraintKind(entry.ecosystem)} (${problem})` });
  });

const registries = z.strictObject({
  pypi: z.array(httpUrl, { error: 'expected a list of index URLs' }).optional(),
  npm: z.array(httpUrl, { error: 'expected a list of registry URLs' }).optional(),
  conda: z.array(channel, { error: 'expected a list of channels' }).optional(),
  unlisted: action.optional(),
  uncovered_names: action.optional(),
});

const popularity = z
  .number({ error: 'expected a number from 0 to 1' })
  .min(0, { error: 'expected a number from 0 to 1' })
  .max(1, { error: 'expected a number from 0 to 1' });

const trust = z.strictObject({
  min_popularity: popularity.optional(),
  unknown_popularity: action.optional(),
  action: action.optional(),
});

const sources = z.strictObject({
  path: action.optional(),
  editable: action.optional(),
  workspace: action.optional(),
  vcs: action.optional(),
  url: action.optional(),
  forge: action.optional(),
});

// A DNS host name whose last label is a word (so no raw IP address), as a forge serves repositories from.
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;
const forgeHost = z
  .string({ error: 'expected a forge host name such as github.com' })
  .regex(HOST, { error: 'expected a forge host name such as github.com (no scheme, port, path or IP address)' });

/** One policy file. */
export const POLICY_FILE_SCHEMA = z.strictObject({
  version: z.literal(1, { error: 'expected version: 1 (the only policy format so far)' }),
  mode: z.enum(['block', 'warn'], { error: 'expected block or warn' }).optional(),
  on_unverifiable: z.enum(['deny', 'warn', 'allow'], { error: 'expected deny, warn or allow' }).optional(),
  packages: z
    .strictObject({
      allow: z.array(allowEntry, { error: 'expected a list of allow entries' }).optional(),
      deny: z.array(denyEntry, { error: 'expected a list of deny entries' }).optional(),
    })
    .optional(),
  private: z.array(privateEntry, { error: 'expected a list of private namespaces' }).optional(),
  registries: registries.optional(),
  trust: trust.optional(),
  sources: sources.optional(),
  forges: z.array(forgeHost, { error: 'expected a list of forge host names such as github.com' }).optional(),
  versions: z.array(versionEntry, { error: 'expected a list of version constraints' }).optional(),
  completion: z
    .strictObject({
      model: z
        .string({ error: 'expected the path of a GGUF model file' })
        .min(1, { error: 'expected the path of a GGUF model file' })
        .optional(),
    })
    .optional(),
  min_release_age: z
    .strictObject({
      hours: z
        .number({ error: 'expected a number of hours (0 turns the rule off)' })
        .min(0, { error: 'expected a number of hours, 0 or more' })
        .optional(),
      exclude: z.array(allowEntry, { error: 'expected a list of { ecosystem, name } entries' }).optional(),
    })
    .optional(),
  online: z
    .strictObject({
      hooks: z.boolean({ error: 'expected true or false' }).optional(),
      timeout_ms: z
        .number({ error: 'expected milliseconds' })
        .int({ error: 'expected whole milliseconds' })
        .min(100, { error: 'expected at least 100 ms' })
        .max(30_000, { error: 'expected at most 30000 ms' })
        .optional(),
      pypi: httpUrl.optional(),
      npm: httpUrl.optional(),
    })
    .optional(),
  // Both switches are read only from the user's file (or GUARD_POLICY): a project's is ignored.
  trust_project_policies: z.boolean({ error: 'expected true or false (whether project policies may loosen this one)' }).optional(),
  self_protection: z.boolean({ error: 'expected true or false (whether the agent is refused changes to the guard itself)' }).optional(),
});

export type PolicyFile = z.infer<typeof POLICY_FILE_SCHEMA>;

// The parsed file is a layer as the engine reads it; this line fails to compile if they drift apart.
export const asPolicyLayer = (file: PolicyFile): PolicyLayer => file;

/** The keys a mapping at `path` accepts (for "did you mean"); empty when the path is not a mapping. */
export function knownKeysAt(path: ReadonlyArray<PropertyKey>): string[] {
  let schema: z.ZodType = POLICY_FILE_SCHEMA;
  for (const segment of [...path, undefined]) {
    while (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
    if (segment === undefined) break;
    if (schema instanceof z.ZodObject && typeof segment === 'string')
      schema = (schema.shape as Record<string, z.ZodType>)[segment] ?? z.never();
    else if (schema instanceof z.ZodArray && typeof segment === 'number') schema = schema.element as z.ZodType;
    else return [];
  }
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function constraintKind(ecosystem: string): string {
  return ecosystem === 'npm' ? 'a semver range such as ">=4.17.21 <5"' : 'a PEP 440 specifier such as ">=2.31,<3"';
}

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = new Date(Date.UTC(year, month - 1, day));
  return time.getUTCFullYear() === year && time.getUTCMonth() === month - 1 && time.getUTCDate() === day;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
