/** MCP tool `assess_answerability`: can this request be coded from these API docs? (answerable / partially / unanswerable) */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import { answerTool } from '../tool-fault.js';

const LABELS = ['answerable', 'partially_answerable', 'unanswerable'] as const;

export const MAX_QUERY_CHARS = 20_000;
export const MAX_APIS = 100;
export const MAX_API_CHARS = 100_000;
export const MAX_TOP_K = 20;

export type ApiArgument = string | { name: string; signature?: string; description: string };

export interface AssessAnswerabilityToolRequest {
  query: string;
  apis?: ApiArgument[];
  library?: string;
  topK?: number;
}

/** What the use case answers; structurally app/assess-answerability's report (extra fields are dropped). */
export interface AnswerabilityToolReport {
  label: (typeof LABELS)[number];
  confidence: number;
  requests: Array<{ text: string; covered: boolean; best_api?: string; score: number; missing?: string[] }>;
}

export type AssessAnswerabilityFn = (request: AssessAnswerabilityToolRequest) => Promise<AnswerabilityToolReport>;

const apiSchema = z.union([
  z
    .string()
    .min(1, { error: 'an API description must not be empty' })
    .max(MAX_API_CHARS, { error: `an API description may be at most ${MAX_API_CHARS} characters` })
    .describe('One API as text: "name(signature): description", optionally followed by a "Parameters:" section.'),
  z
    .object({
      name: z.string().min(1).max(500).describe('Function, method or class name, e.g. "cycle" or "DataFrame.merge".'),
      signature: z.string().max(10_000).optional().describe('Its signature, e.g. "(source_datapipe, count: Optional[int] = None)".'),
      description: z.string().max(MAX_API_CHARS).describe('What it does, as its documentation says.'),
    })
    .describe('One API as fields.'),
]);

export const assessAnswerabilityInputShape = {
  query: z
    .string({ error: 'query must be a string' })
    .min(1, { error: 'query must not be empty' })
    .max(MAX_QUERY_CHARS, { error: `query may be at most ${MAX_QUERY_CHARS} characters` })
    .describe("The user's coding request, as asked (one or several steps)."),
  apis: z
    .array(apiSchema)
    .min(1, { error: 'apis must list at least one API (or be left out to retrieve from the docs index)' })
    .max(MAX_APIS, { error: `apis may list at most ${MAX_APIS} entries` })
    .optional()
    .describe('The API descriptions retrieved for the request (typically 3). Leave out to retrieve top_k from the API-docs index.'),
  library: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('When apis is left out: retrieve only from this library (as named in the docs index).'),
  top_k: z
    .number()
    .int()
    .min(1)
    .max(MAX_TOP_K)
    .optional()
    .describe(`When apis is left out: how many APIs to retrieve (1..${MAX_TOP_K}, default 3).`),
};

export const assessAnswerabilityOutputShape = {
  label: z
    .enum(LABELS)
    .describe('answerable: every sub-request can be coded from these APIs; partially_answerable: some can; unanswerable: none can.'),
  confidence: z.number().describe('0..1: how far the deciding scores sit from the thresholds (1/3 means on the boundary).'),
  requests: z
    .array(
      z
        .object({
          text: z.string().describe('The sub-request, as split from the query.'),
          covered: z.boolean().describe('Whether some API accounts for it.'),
          best_api: z.string().optional().describe('The API that covers it best.'),
          score: z.number().describe('Coverage of the sub-request by its best API, 0..1.'),
          missing: z
            .array(z.string())
            .optional()
            .describe('Its key terms that no API accounts for, most telling first: what to look up next.'),
        })
        .describe('Evidence for one sub-request.'),
    )
    .describe('One entry per sub-request, in the order asked.'),
};

const outputSchema = z.object(assessAnswerabilityOutputShape);
type Output = z.infer<typeof outputSchema>;

/** Registers `assess_answerability` on the server, answering through the given use case. */
export function registerAssessAnswerabilityTool(server: McpServer, assess: AssessAnswerabilityFn): void {
  server.registerTool(
    'assess_answerability',
    {
      title: 'Can this request be coded from these API docs?',
      description: [
        'Before writing code from retrieved documentation, check whether the docs can support the request.',
        'Pass the request and the retrieved API descriptions (or leave apis out to retrieve from the docs index).',
        'answerable: go ahead; partially_answerable: the requests marked covered=false need other APIs (see missing);',
        'unanswerable: these APIs do not do it — retrieve other docs or tell the user instead of guessing.',
      ].join(' '),
      inputSchema: assessAnswerabilityInputShape,
      outputSchema: assessAnswerabilityOutputShape,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    async ({ query, apis, library, top_k }): Promise<CallToolResult> =>
      answerTool(
        async () =>
          toOutput(await assess({ query, ...(apis ? { apis } : {}), ...(library ? { library } : {}), ...(top_k ? { topK: top_k } : {}) })),
        renderText,
      ),
  );
}

/** Keeps only the fields of the output schema, so extra fields from the use case never break it. */
function toOutput(report: AnswerabilityToolReport): Output {
  return outputSchema.parse(report);
}

function renderText(output: Output): string {
  const lines = [`${output.label} (confidence ${output.confidence.toFixed(2)})`];
  for (const r of output.requests) {
    const missing = r.missing && !r.covered ? `; missing: ${r.missing.join(', ')}` : '';
    lines.push(
      `- ${r.covered ? 'covered' : 'NOT covered'} (${r.score.toFixed(2)}${r.best_api ? `, best ${r.best_api}` : ''}${missing}): ${r.text}`,
    );
  }
  return lines.join('\n');
}
