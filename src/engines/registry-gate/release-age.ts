/** The minimum release age: which releases are too young to serve, given the policy rule and its exclusions. */
import { matchesName, type ReleaseAgeRules } from '../policy/index.js';
import { type GateEcosystem } from './types.js';

const HOUR_MS = 3_600_000;

/** The minimum age in milliseconds for one project (0: no minimum, because the rule is off or the name is excluded). */
export function minReleaseAgeMs(rules: ReleaseAgeRules, ecosystem: GateEcosystem, name: string, now: Date): number {
  if (rules.hours <= 0) return 0;
  const excluded = rules.exclude.some(
    (entry) => entry.ecosystem === ecosystem && !expired(entry.expires, now) && matchesName(ecosystem, entry.name, name),
  );
  return excluded ? 0 : rules.hours * HOUR_MS;
}

/** A release's age as people read it: "3 h", "2 d 4 h", "12 min". */
export function formatAge(ms: number): string {
  if (ms < HOUR_MS) return `${Math.max(0, Math.floor(ms / 60_000))} min`;
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The policy setting as people read it: "48 h". */
export function formatMinAge(ms: number): string {
  return `${Math.round((ms / HOUR_MS) * 100) / 100} h`;
}

/** Parses an ISO 8601 time; undefined for anything else. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length === 0) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

function expired(expires: string | undefined, now: Date): boolean {
  return expires !== undefined && Date.parse(`${expires}T00:00:00Z`) <= now.getTime();
}
