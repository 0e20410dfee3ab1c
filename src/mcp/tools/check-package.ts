/** MCP tool `check_package`: checks package names against the registry snapshot before an install. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import { ECOSYSTEMS, type Ecosystem, type NameCheck } from '../../engines/package-names/index.js';
import { type Verdict } from '../../shared/verdict.js';
import { answerTool } from '../tool-fault.js';

/** One package as the use case judged it: the name check with the policy's verdict, reasons and deciding rule. */
export interface JudgedPackage extends Omit<NameCheck, 'reasons'> {
  reasons: Array<{ code: string; message: string }>;
  rule?: string;
}

/** What the judge-package-names use case answers; structurally the same as its JudgedReport. */
export interface CheckReport {
  verdict: Verdict;
  results: JudgedPackage[];
}

export interface CheckPackagesRequest {
  ecosystem: Ecosystem;
  packages: string[];
}

export type CheckPackagesFn = (request: CheckPackagesRequest) => Promise<CheckReport>;

export const MAX_PACKAGES_PER_CALL = 200;
export const MAX_PACKAGE_SPEC_LENGTH = 512;

const VERDICTS = ['allow', 'warn', 'block'] as const;

const verdictSchema = z.enum(VERDICTS);

export const checkPackageInputShape = {
  ecosystem: z
    .enum(ECOSYSTEMS, { error: `ecosystem must be one of ${ECOSYSTEMS.map((e) => `"${e}"`).join(', ')}` })
    .describe('Package registry the names belong to: "pypi" (pip, uv, poetry), "npm" (npm, pnpm, yarn, bun) or "conda".'),
  packages: z
    .array(
      z
        .string({ error: 'each package must be a string' })
        .min(1, { error: 'each package must be a non-empty string' })
        .max(MAX_PACKAGE_SPEC_LENGTH, {
          error: `each package must be at most ${MAX_PACKAGE_SPEC_LENGTH} characters`,
        })
        .describe(
          'A package name or spec exactly as it would be passed to the installer, e.g. "requests", "requests[socks]>=2.31", "lodash@^4", "conda-forge::numpy".',
        ),
      { error: 'packages must be an array of strings' },
    )
    .min(1, { error: 'packages must list at least one package' })
    .max(MAX_PACKAGES_PER_CALL, {
      error: `packages may list at most ${MAX_PACKAGES_PER_CALL} entries per call; split the list into several calls`,
    })
    .describe(`The packages you are about to install (1 to ${MAX_PACKAGES_PER_CALL} per call).`),
};

const reasonSchema = z
  .object({
    code: z
      .string()
      .describe(
        'Stable reason code: from the name check (not_found, invalid_name, suspected_typosquat, stdlib_module, other_ecosystem, not_in_channel_list …) or the policy (policy_denied, policy_allowed, private_namespace, below_trust, unknown_popularity, version_not_allowed, unverifiable, allow_expired).',
      ),
    message: z.string().describe('Human-readable explanation of the reason.'),
  })
  .describe('Why the verdict is what it is.');

const suggestionSchema = z
  .object({
    name: z.string().describe('An existing package name close to the one asked for.'),
    distance: z.number().describe('Edit distance between the asked name and this suggestion.'),
    popularity: z.number().optional().describe('0..1, higher is more used, when the snapshot knows usage.'),
    rank: z.number().optional().describe('PyPI: rank among the most downloaded packages.'),
    downloads: z.number().optional().describe('npm: downloads a month.'),
  })
  .describe('A real package that was probably meant.');

const resultSchema = z
  .object({
    input: z.string().describe('The package spec as given.'),
    name: z.string().describe('The package name parsed from the spec.'),
    normalized: z.string().describe("The name normalized by the ecosystem's rules (e.g. PEP 503 for PyPI)."),
    ecosystem: z.enum(ECOSYSTEMS).describe('The ecosystem the name was checked in.'),
    exists: z.boolean().describe('Whether the package exists in the registry snapshot.'),
    verdict: verdictSchema.describe('allow: install; warn: check before installing; block: do NOT install.'),
    reasons: z.array(reasonSchema).describe('Reasons for the verdict; empty for a plain allow.'),
    rule: z
      .string()
      .optional()
      .describe(
        'The policy rule that decided, e.g. packages.deny[0], private[0], packages.allow[1], name-check, trust.min_popularity, default.',
      ),
    suggestions: z.array(suggestionSchema).describe('Existing packages that were probably meant, best first.'),
    constraint: z.string().optional().describe('Version constraint from the spec, if any.'),
    extras: z.array(z.string()).optional().describe('PyPI extras from the spec, if any.'),
    snapshot: z
      .object({
        source: z.string().describe('Where the registry snapshot came from.'),
        date: z.string().describe('When the snapshot was taken (ISO date).'),
      })
      .describe('The registry snapshot the check used.'),
  })
  .describe('The check of one package.');

export const checkPackageOutputShape = {
  verdict: verdictSchema.describe('Overall verdict, the strictest of the results: block means do not run the install as asked.'),
  results: z.array(resultSchema).describe('One result per requested package, in the order given.'),
};

type CheckPackageOutput = z.infer<z.ZodObject<typeof checkPackageOutputShape>>;

/** Registers `check_package` on the server, answering through the given use case. */
export function registerCheckPackageTool(server: McpServer, checkPackages: CheckPackagesFn): void {
  server.registerTool(
    'check_package',
    {
      title: 'Check package names before installing',
      description: [
        'Check that packages exist, are not typosquats and are allowed by the policy in force BEFORE any install command',
        '(pip/uv/poetry install, npm/pnpm/yarn add, conda install).',
        'Call it with every package you are about to install.',
        'verdict "block" means do NOT install that package; use one of its suggestions instead,',
        'or ask the user. "warn" means check the reasons first. "allow" means go ahead.',
      ].join(' '),
      inputSchema: checkPackageInputShape,
      outputSchema: checkPackageOutputShape,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ ecosystem, packages }): Promise<CallToolResult> =>
      answerTool(async () => toCheckPackageOutput(await checkPackages({ ecosystem, packages })), renderCheckReport),
  );
}

/** Copies the report field by field so extra fields the use case may add never break the output schema. */
function toCheckPackageOutput(report: CheckReport): CheckPackageOutput {
  return {
    verdict: report.verdict,
    results: report.results.map((check) => ({
      input: check.input,
      name: check.name,
      normalized: check.normalized,
      ecosystem: check.ecosystem,
      exists: check.exists,
      verdict: check.verdict,
      reasons: check.reasons.map(({ code, message }) => ({ code, message })),
      ...(check.rule === undefined ? {} : { rule: check.rule }),
      suggestions: check.suggestions.map((s) => ({
        name: s.name,
        distance: s.distance,
        ...(s.popularity === undefined ? {} : { popularity: s.popularity }),
        ...(s.rank === undefined ? {} : { rank: s.rank }),
        ...(s.downloads === undefined ? {} : { downloads: s.downloads }),
      })),
      ...(check.constraint === undefined ? {} : { constraint: check.constraint }),
      ...(check.extras === undefined ? {} : { extras: [...check.extras] }),
      snapshot: { source: check.snapshot.source, date: check.snapshot.date },
    })),
  };
}

/** One line per result, for clients that only show text: `block reqeusts: … did you mean requests?`. */
export function renderCheckReport(report: CheckPackageOutput): string {
  return report.results.map(renderResultLine).join('\n');
}

function renderResultLine(result: CheckPackageOutput['results'][number]): string {
  const why =
    result.reasons.length > 0
      ? result.reasons.map((reason) => reason.message).join('; ')
      : `${result.ecosystem} package "${result.name}" exists (snapshot ${result.snapshot.date})`;
  const names = result.suggestions.slice(0, 3).map((s) => s.name);
  const meant = names.length > 0 ? ` — did you mean ${names.join(' or ')}?` : '';
  return `${result.verdict} ${result.input}: ${why}${meant}`;
}
