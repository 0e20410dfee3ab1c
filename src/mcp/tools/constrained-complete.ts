/** MCP tool `constrained_complete`: a local-model completion whose install commands name only real packages. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import { ECOSYSTEMS } from '../../engines/package-names/index.js';
import type { CompleteRequest, CompleteResult } from '../../app/completion/constrained-complete.js';
import { renderToolFault } from '../tool-fault.js';

/** The request the use case takes (app/constrained-complete's, a type-only import: nothing loads). */
export type ConstrainedCompleteRequest = CompleteRequest;

/** What the use case answers (app/constrained-complete's, type-only as well). */
export type ConstrainedCompleteReport = CompleteResult;

export type ConstrainedCompleteFn = (request: ConstrainedCompleteRequest) => Promise<ConstrainedCompleteReport>;

export const constrainedCompleteInputShape = {
  prompt: z
    .string({ error: 'prompt must be a string' })
    .min(1, { error: 'prompt must not be empty' })
    .max(32_000, { error: 'prompt may have at most 32000 characters' })
    .optional()
    .describe(
      'Text for the local model to continue (raw completion, no chat template), e.g. "```bash\\npip install ". Give exactly one of prompt and messages.',
    ),
  messages: z
    .array(
      z
        .object({
          role: z.enum(['system', 'user', 'assistant']).describe('Who wrote the turn.'),
          content: z.string().max(32_000).describe('The text of the turn.'),
        })
        .describe('One chat turn.'),
    )
    .min(1, { error: 'messages must not be empty' })
    .optional()
    .describe(
      "A chat for an instruct model, put through the model's own chat template; the monitor covers the assistant's reply. Give exactly one of prompt and messages.",
    ),
  max_tokens: z
    .number()
    .int({ error: 'max_tokens must be an integer' })
    .min(1)
    .max(2048)
    .optional()
    .describe('Most tokens to generate (default 256). If it runs out inside a package name, the partial name is cut off.'),
  temperature: z.number().min(0).max(5).optional().describe('Sampling temperature; 0 (default) is greedy decoding.'),
  seed: z.number().int().min(0).max(0xffffffff).optional().describe('Random seed for sampling, for reproducible output.'),
  ecosystems: z
    .array(z.enum(ECOSYSTEMS))
    .optional()
    .describe('Registries whose package names are constrained: "pypi", "npm", "conda" (default pypi and npm).'),
  monitor: z.boolean().optional().describe('Package monitor on (default true). false generates unconstrained, for comparison.'),
  model: z.string().min(1).optional().describe('Path of a GGUF model file; defaults to the GUARD_MODEL environment variable.'),
  dag: z
    .boolean()
    .optional()
    .describe(
      'DAG++ (needs the API-docs index of lookup_api_docs): check the Python API calls of the generation with their API-invocation confidence (minimum probability over the API name tokens); when one is unknown, misused or below 0.8, put its documentation in front of the prompt and generate once more.',
    ),
};

export const constrainedCompleteOutputShape = {
  text: z.string().describe("The generated continuation (the prompt not included), or the assistant's reply for messages."),
  packages: z
    .array(
      z
        .object({
          ecosystem: z.enum(ECOSYSTEMS).describe('Registry of the install command the name appeared in.'),
          name: z.string().describe('The package name as generated.'),
          exists: z.boolean().describe("Whether the name is in the registry's name list."),
        })
        .describe('A package name the text installs.'),
    )
    .describe('Every package name written in an install command of the generated text.'),
  interventions: z
    .number()
    .describe(
      "How many tokens the monitor chose among the allowed ones: the model's own token refused and replaced, or (temperature above 0, inside an install command) drawn from the allowed tokens directly.",
    ),
  tokens: z.number().describe('Tokens generated.'),
  timing: z
    .object({
      total_ms: z.number().describe('Wall time of the generation in milliseconds.'),
      mask_ms: z.number().describe('Time spent checking tokens and computing masks, in milliseconds.'),
    })
    .describe('Timing of the generation (both generations with dag, when it generated again).'),
  dag: z
    .object({
      triggered: z.boolean().describe('Whether documentation was retrieved and the prompt generated again.'),
      reason: z.string().describe('Why (or why not), in one line.'),
      invocations: z
        .array(
          z.object({
            call: z.string().describe('The generated call as written.'),
            api: z.string().describe('The API it resolved to, or what it asked for.'),
            exists: z.boolean(),
            valid: z.boolean().describe('Exists and fits its signature.'),
            confidence: z.number().optional().describe('Minimum probability over the API name tokens.'),
          }),
        )
        .describe('Generated calls into indexed libraries (of the first generation).'),
      retrieved: z.array(z.string()).describe('APIs whose documentation was put in front of the prompt.'),
      first_text: z.string().optional().describe('The first generation, when a second one replaced it.'),
    })
    .optional()
    .describe('With dag: the review of the first generation.'),
};

/** Registers `constrained_complete`, answering through the given use case. */
export function registerConstrainedCompleteTool(server: McpServer, complete: ConstrainedCompleteFn): void {
  server.registerTool(
    'constrained_complete',
    {
      title: 'Complete text with a local model, with no hallucinated packages',
      description: [
        'Continue a prompt with the local GGUF model (GUARD_MODEL) while a decoding-time monitor (PackMonitor)',
        'keeps every package name written in an install command (pip/uv/poetry, npm/pnpm/yarn/bun, conda)',
        'inside the registry name list (and private overlays), so no generated install names a package that does not exist.',
        'With dag, the Python API calls it writes are checked against the API-docs index with the model confidence in each name,',
        'and an unknown, misused or unsure call brings its documentation in front of the prompt for one more generation (DAG++).',
      ].join(' '),
      inputSchema: constrainedCompleteInputShape,
      outputSchema: constrainedCompleteOutputShape,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (input): Promise<CallToolResult> => {
      try {
        const report = await complete({
          ...(input.prompt === undefined ? {} : { prompt: input.prompt }),
          ...(input.messages === undefined ? {} : { messages: input.messages }),
          ...(input.max_tokens === undefined ? {} : { maxTokens: input.max_tokens }),
          ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
          ...(input.seed === undefined ? {} : { seed: input.seed }),
          ...(input.ecosystems === undefined ? {} : { ecosystems: input.ecosystems }),
          ...(input.monitor === undefined ? {} : { monitor: input.monitor }),
          ...(input.model === undefined ? {} : { model: input.model }),
          ...(input.dag === undefined ? {} : { dag: input.dag }),
        });
        const output = {
          text: report.text,
          packages: report.packages.map(({ ecosystem, name, exists }) => ({ ecosystem, name, exists })),
          interventions: report.interventions,
          tokens: report.tokens,
          timing: { total_ms: report.timing.total_ms, mask_ms: report.timing.mask_ms },
          ...(report.dag === undefined
            ? {}
            : {
                dag: {
                  triggered: report.dag.triggered,
                  reason: report.dag.reason,
                  invocations: report.dag.invocations.map(({ call, api, exists, valid, confidence }) => ({
                    call,
                    api,
                    exists,
                    valid,
                    ...(confidence === undefined ? {} : { confidence }),
                  })),
                  retrieved: report.dag.retrieved,
                  ...(report.dag.first_text === undefined ? {} : { first_text: report.dag.first_text }),
                },
              }),
        };
        return { content: [{ type: 'text', text: report.text }], structuredContent: output };
      } catch (error) {
        return renderToolFault(error);
      }
    },
  );
}
