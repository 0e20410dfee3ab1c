/** MCP tool `lookup_api_docs` (DAG++): check API calls against the index, and retrieve docs only when needed. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import { answerTool } from '../tool-fault.js';

/** What the tool passes to the use case (app/lookup-api-docs' request, camel-cased). */
export interface LookupApiDocsToolRequest {
  code?: string;
  query?: string;
  library?: string;
  language?: 'python' | 'typescript' | 'javascript';
  confidence?: number;
  threshold?: number;
  topK?: number;
  mode?: 'auto' | 'always' | 'never';
  fullDocs?: boolean;
}

export type LookupApiDocsFn = (request: LookupApiDocsToolRequest) => Promise<LookupApiDocsOutput>;

export const MAX_CODE_LENGTH = 100_000;

export const lookupApiDocsInputShape = {
  code: z
    .string()
    .max(MAX_CODE_LENGTH, { error: `code must be at most ${MAX_CODE_LENGTH} characters` })
    .optional()
    .describe(
      'The code you are about to write or run that calls the API (Python, TypeScript or JavaScript; incomplete code is fine). Include the imports and the client/object creation so calls can be resolved.',
    ),
  query: z
    .string()
    .max(2000)
    .optional()
    .describe('What the code should do, in words (the intent); used to rank documentation. Give it when you are unsure which API to call.'),
  library: z
    .string()
    .max(214)
    .optional()
    .describe('Library the calls belong to when the snippet does not show it, e.g. "boto3", "requests", "zod".'),
  language: z.enum(['python', 'typescript', 'javascript']).optional().describe('Language of code; guessed from the code when left out.'),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe("Your minimum probability over the API name's tokens, if you have it; below the threshold, documentation is retrieved."),
  threshold: z.number().min(0).max(1).optional().describe('Confidence threshold below which documentation is retrieved (default 0.8).'),
  top_k: z.number().int().min(1).max(10).optional().describe('How many APIs to retrieve per failing call (default 3).'),
  mode: z
    .enum(['auto', 'always', 'never'])
    .optional()
    .describe('"auto" (default): retrieve only when a call is unknown or invalid or confidence is low; "always" or "never" override that.'),
  full_docs: z
    .boolean()
    .optional()
    .describe("Also include each API's full documentation in the augmentation (many more tokens; off by default)."),
};

const problemSchema = z.object({
  code: z
    .string()
    .describe('unknown_api (the API does not exist), missing_required, unknown_argument or too_many_positional (the API is used wrongly).'),
  message: z.string().describe('What is wrong, in words.'),
  argument: z.string().optional().describe('The argument concerned, when there is one.'),
});

const invocationSchema = z.object({
  call: z.string().describe('The call as written in the code.'),
  api: z.string().describe('The API it resolved to (service.method, module.function, Class.method), or the one it asked for when unknown.'),
  exists: z.boolean().describe('Whether the API exists in the index.'),
  valid: z.boolean().describe('Whether the call exists and its arguments fit the signature.'),
  problems: z.array(problemSchema).describe('Problems found; empty for a valid call.'),
  argumentsChecked: z
    .literal(false)
    .optional()
    .describe(
      'Present (false) when the API exists but its arguments could not be checked (parameters unknown, or a type the index cannot judge).',
    ),
});

const unjudgedSchema = z.object({
  call: z.string().describe('The call as written.'),
  library: z.string().describe('The indexed library it calls into.'),
  reason: z.string().describe('Why it was not judged (e.g. the type of its receiver is unknown).'),
});

const docSchema = z.object({
  id: z.string().describe('Record id in the index.'),
  library: z.string().describe('Library of the API.'),
  name: z.string().describe('Qualified API name.'),
  signature: z.string().describe('The API signature.'),
  description: z.string().describe('Short description (first sentences of its documentation).'),
  required: z.array(z.string()).describe('Required arguments.'),
  optional: z.array(z.string()).describe('Optional arguments (*args / **kwargs written as such).'),
  score: z.number().describe('Retrieval score, higher is better.'),
});

export const lookupApiDocsOutputShape = {
  triggered: z.boolean().describe('Whether documentation was retrieved.'),
  reason: z.string().describe('Why retrieval was or was not triggered.'),
  invocations: z.array(invocationSchema).describe('Each call into an indexed library and its check.'),
  notJudged: z
    .array(unjudgedSchema)
    .optional()
    .describe('Calls into an indexed library that could not be judged, with the reason: neither valid nor invalid.'),
  docs: z.array(docSchema).describe('Retrieved APIs, best first (empty when not triggered).'),
  augmentation: z
    .string()
    .describe(
      '"API description + API specification" docstring block to prepend to your prompt or read before rewriting the call; empty when not triggered.',
    ),
};

export type LookupApiDocsOutput = z.infer<z.ZodObject<typeof lookupApiDocsOutputShape>>;

/** Registers `lookup_api_docs` on the server, answering through the given use case. */
export function registerLookupApiDocsTool(server: McpServer, lookup: LookupApiDocsFn): void {
  server.registerTool(
    'lookup_api_docs',
    {
      title: 'Check API calls and look up their documentation',
      description: [
        'Check the library API calls in your code (boto3 clients, Python packages, npm packages, OpenAPI services and other indexed libraries)',
        'BEFORE relying on them: unknown_api means the method does not exist; missing_required / unknown_argument / too_many_positional mean it is called wrongly.',
        'When a call fails or your confidence is low, it returns the documentation (description + required and optional arguments) of the APIs you probably meant;',
        'rewrite the call from that augmentation. Pass query (the intent) to find an API by what it should do.',
      ].join(' '),
      inputSchema: lookupApiDocsInputShape,
      outputSchema: lookupApiDocsOutputShape,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (input): Promise<CallToolResult> => answerTool(async () => toOutput(await lookup(toRequest(input))), renderLookup),
  );
}

function toRequest(input: z.infer<z.ZodObject<typeof lookupApiDocsInputShape>>): LookupApiDocsToolRequest {
  const request: LookupApiDocsToolRequest = {};
  if (input.code !== undefined) request.code = input.code;
  if (input.query !== undefined) request.query = input.query;
  if (input.library !== undefined) request.library = input.library;
  if (input.language !== undefined) request.language = input.language;
  if (input.confidence !== undefined) request.confidence = input.confidence;
  if (input.threshold !== undefined) request.threshold = input.threshold;
  if (input.top_k !== undefined) request.topK = input.top_k;
  if (input.mode !== undefined) request.mode = input.mode;
  if (input.full_docs !== undefined) request.fullDocs = input.full_docs;
  return request;
}

/** Copies field by field so extra fields from the use case never break the output schema. */
function toOutput(result: LookupApiDocsOutput): LookupApiDocsOutput {
  return {
    triggered: result.triggered,
    reason: result.reason,
    invocations: result.invocations.map((i) => ({
      call: i.call,
      api: i.api,
      exists: i.exists,
      valid: i.valid,
      problems: i.problems.map((p) => ({
        code: p.code,
        message: p.message,
        ...(p.argument === undefined ? {} : { argument: p.argument }),
      })),
      ...(i.argumentsChecked === false ? { argumentsChecked: false as const } : {}),
    })),
    ...(result.notJudged && result.notJudged.length > 0
      ? { notJudged: result.notJudged.map((u) => ({ call: u.call, library: u.library, reason: u.reason })) }
      : {}),
    docs: result.docs.map((d) => ({
      id: d.id,
      library: d.library,
      name: d.name,
      signature: d.signature,
      description: d.description,
      required: [...d.required],
      optional: [...d.optional],
      score: d.score,
    })),
    augmentation: result.augmentation,
  };
}

/** The text form for clients that show only text: the checks, then the augmentation. */
export function renderLookup(output: LookupApiDocsOutput): string {
  const lines = output.invocations.map((i) =>
    i.valid
      ? `ok ${i.call}${i.argumentsChecked === false ? ' (exists; arguments not checked: the index cannot judge them)' : ''}`
      : `${i.exists ? 'invalid' : 'unknown'} ${i.call}: ${i.problems.map((p) => p.message).join('; ')}`,
  );
  for (const u of output.notJudged ?? []) lines.push(`not judged ${u.call}: ${u.reason.replace(/^not judged: /, '')}`);
  lines.push(`${output.triggered ? 'retrieved' : 'no retrieval'}: ${output.reason}`);
  if (output.augmentation) lines.push(output.augmentation);
  return lines.join('\n');
}
