/**
 * What a warning becomes in protocols that cannot ask the user (Codex, Gemini CLI, Windsurf,
 * Cline) or do not ask reliably (Cursor): denied with the reason by default, or let through with
 * the reason given to the agent as context. Chosen with `guard hook <agent> --on-warn deny|allow`
 * (and `ask` for Cursor), which `guard init` writes into the agent's hook command.
 */
import { type HookDecision } from './hook-decision.js';

export type WarnAnswer = 'deny' | 'allow' | 'ask';

export interface ProtocolOptions {
  onWarn?: WarnAnswer;
}

/** The three answers a protocol renders: allow (with optional context), deny, or ask. */
export type Answer = { kind: 'allow'; context?: string } | { kind: 'deny'; reason: string } | { kind: 'ask'; reason: string };

/** `decision` as an answer; `canAsk` says whether the protocol has an ask form. */
export function answerFor(decision: HookDecision, options: ProtocolOptions, canAsk: boolean): Answer {
  if (decision.verdict === 'allow')
    return decision.context === undefined ? { kind: 'allow' } : { kind: 'allow', context: decision.context };
  if (decision.verdict === 'block') return { kind: 'deny', reason: decision.reason };
  const onWarn = options.onWarn ?? 'deny';
  if (onWarn === 'ask' && canAsk) return { kind: 'ask', reason: decision.reason };
  if (onWarn === 'allow') return { kind: 'allow', context: decision.reason };
  return { kind: 'deny', reason: decision.reason };
}
