/** The groundguard MCP server: one McpServer with every tool registered, use cases passed in. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

import { registerCheckPackageTool, type CheckPackagesFn } from './tools/check-package.js';
import { registerLookupApiDocsTool, type LookupApiDocsFn } from './tools/lookup-api-docs.js';
import { registerAssessAnswerabilityTool, type AssessAnswerabilityFn } from './tools/assess-answerability.js';
import { registerRepoContextTool, type BuildRepoContextFn } from './tools/repo-context.js';
import { registerConstrainedCompleteTool, type ConstrainedCompleteFn } from './tools/constrained-complete.js';

export type { CheckReport, CheckPackagesRequest } from './tools/check-package.js';

/** The use cases the tools call, and the version reported to clients. */
export interface McpDeps {
  checkPackages: CheckPackagesFn;
  /** `lookup_api_docs` (registered when given). */
  lookupApiDocs?: LookupApiDocsFn;
  /** `assess_answerability` (registered when given). */
  assessAnswerability?: AssessAnswerabilityFn;
  /** `repo_context` (registered when given). */
  buildRepoContext?: BuildRepoContextFn;
  /** `constrained_complete` (registered when given). */
  constrainedComplete?: ConstrainedCompleteFn;
  version: string;
}

export const SERVER_NAME = 'groundguard';

const INSTRUCTIONS = [
  'groundguard grounds what you write in authoritative facts.',
  'Before installing ANY package (pip/uv/poetry install, npm/pnpm/yarn add, conda install),',
  'call check_package with the ecosystem and every package name you are about to install.',
  'If a package comes back "block", do not install it: use a suggested name or ask the user.',
  'If it comes back "warn", read the reasons before going ahead.',
  'Before relying on a library API you are unsure of, call lookup_api_docs with your code (and intent):',
  'it reports calls that do not exist or are used wrongly and returns the documentation of the right ones.',
  'Call assess_answerability before coding from retrieved docs, to learn which part of the request they cannot support.',
  'repo_context composes a completion prompt from the repository around a cursor;',
  'constrained_complete runs a local model that cannot write a package name that does not exist',
  '(with dag, it also checks the API calls it writes against the docs index and retries once with their documentation).',
].join(' ');

/** Builds a server with all tools registered; connect it to one transport (stdio, HTTP, in-memory). */
export function createMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'groundguard', version: deps.version },
    { instructions: INSTRUCTIONS, capabilities: { tools: {} } },
  );
  registerCheckPackageTool(server, deps.checkPackages);
  if (deps.lookupApiDocs) registerLookupApiDocsTool(server, deps.lookupApiDocs);
  if (deps.assessAnswerability) registerAssessAnswerabilityTool(server, deps.assessAnswerability);
  if (deps.buildRepoContext) registerRepoContextTool(server, deps.buildRepoContext);
  if (deps.constrainedComplete) registerConstrainedCompleteTool(server, deps.constrainedComplete);
  return server;
}
