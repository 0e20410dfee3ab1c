/** MCP tool `repo_context`: the repository-level prompt (RLPG proposals) for a cursor position in a file. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import type { RepoContextRequest } from '../../app/repo-context/build-repo-context.js';
import { renderToolFault } from '../tool-fault.js';

/** The request the use case takes (app/build-repo-context's, a type-only import: nothing loads). */
export type RepoContextToolRequest = RepoContextRequest;

/** The part of app/build-repo-context's report this tool returns. */
export interface RepoContextToolReport {
  proposals: Array<{ id: string; source: string; contextType: string; applicable: boolean; chars: number; score: number }>;
  chosen: string;
  prompt: string;
}

export type BuildRepoContextFn = (request: RepoContextToolRequest) => Promise<RepoContextToolReport>;

export const repoContextInputShape = {
  root: z
    .string()
    .min(1, { error: 'root must be a non-empty path' })
    .max(4096)
    .describe("The repository directory (absolute, or relative to the server's working directory). Must exist."),
  file: z
    .string()
    .min(1, { error: 'file must be a non-empty path' })
    .max(4096)
    .describe('The source file holding the cursor, relative to root (or absolute inside it): Python, JavaScript, TypeScript or Java.'),
  line: z
    .number()
    .int({ error: 'line must be an integer' })
    .min(1, { error: 'line is 1-based: give 1 or more' })
    .describe('1-based line of the cursor.'),
  column: z
    .number()
    .int({ error: 'column must be an integer' })
    .min(0, { error: 'column must be 0 or more' })
    .optional()
    .describe(
      '0-based column: the number of characters before the cursor on its line (default: the end of the line). The rest of the line is the hole to complete and never appears in the prompt.',
    ),
  budget_tokens: z
    .number()
    .int({ error: 'budget_tokens must be an integer' })
    .min(16, { error: 'budget_tokens must be at least 16' })
    .max(1_000_000, { error: 'budget_tokens must be at most 1000000' })
    .optional()
    .describe(
      'Token budget of the whole prompt (default 2048): half goes to the proposal context, the rest (and what it leaves) to the code before the cursor.',
    ),
  proposal: z
    .string()
    .max(100)
    .optional()
    .describe(
      'Use this proposal instead of selecting one: "default" (code before the cursor only) or an id such as "import/method_names", "sibling/identifiers", "current/post_lines_75".',
    ),
};

export const repoContextOutputShape = {
  proposals: z
    .array(
      z
        .object({
          id: z.string().describe('Proposal id, "<source>/<context_type>".'),
          source: z
            .string()
            .describe('Where the context comes from: current, parent_class, import, sibling, similar_name, child_class, import_of_*.'),
          context_type: z
            .string()
            .describe(
              'What it takes: post_lines, identifiers, type_identifiers, field_declarations, string_literals, method_names, method_names_bodies.',
            ),
          applicable: z.boolean().describe('Whether the proposal has any context at this position.'),
          chars: z
            .number()
            .describe('Characters of its context as it would enter the prompt (after truncation to its share of the budget).'),
          score: z
            .number()
            .describe(
              'Jaccard similarity (0..1) between the identifiers around the cursor and those of its context; the highest is chosen.',
            ),
        })
        .describe('One of the 62 prompt proposals.'),
    )
    .describe('Every prompt proposal, in RLPG order.'),
  chosen: z.string().describe('The proposal whose context is in the prompt ("default": none, only the code before the cursor).'),
  prompt: z.string().describe('The prompt: the chosen proposal context, a newline, then the code before the cursor (nearest lines kept).'),
};

/** Registers `repo_context` on the server, answering through the given use case. */
export function registerRepoContextTool(server: McpServer, buildRepoContext: BuildRepoContextFn): void {
  server.registerTool(
    'repo_context',
    {
      title: 'Repository-level prompt for a code completion',
      description: [
        'Build the prompt for completing code at a cursor position using context from the whole repository',
        '(parent class, imported, sibling and similar-name files: identifiers, method signatures and bodies, fields, strings),',
        'as in Repo-Level Prompt Generation (RLPG). Returns every proposal with a relevance score, the chosen one,',
        'and the prompt within the token budget. The text after the cursor on its line is never included.',
      ].join(' '),
      inputSchema: repoContextInputShape,
      outputSchema: repoContextOutputShape,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ root, file, line, column, budget_tokens, proposal }): Promise<CallToolResult> => {
      try {
        const report = await buildRepoContext({
          root,
          file,
          line,
          ...(column === undefined ? {} : { column }),
          ...(budget_tokens === undefined ? {} : { budgetTokens: budget_tokens }),
          ...(proposal === undefined ? {} : { proposal }),
        });
        const output = {
          proposals: report.proposals.map((p) => ({
            id: p.id,
            source: p.source,
            context_type: p.contextType,
            applicable: p.applicable,
            chars: p.chars,
            score: p.score,
          })),
          chosen: report.chosen,
          prompt: report.prompt,
        };
        const applicable = output.proposals.filter((p) => p.applicable).length;
        return {
          content: [
            {
              type: 'text',
              text: `chosen ${output.chosen} (${applicable} of ${output.proposals.length} proposals apply)\n\n${output.prompt}`,
            },
          ],
          structuredContent: output,
        };
      } catch (error) {
        return renderToolFault(error);
      }
    },
  );
}
