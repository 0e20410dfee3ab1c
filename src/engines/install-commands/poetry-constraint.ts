/**
 * Poetry's version constraints as PEP 440 (`^1.2` → `>=1.2,<2.0`, `~1.2` → `>=1.2,<1.3`, `1.2` →
 * `==1.2`); undefined for what has no PEP 440 form (`||` unions), which leaves the spec a bare name.
 */
export function toPep440(constraint: string): string | undefined {
  if (constraint.includes('||')) return undefined;
  const clauses: string[] = [];
  for (const clause of constraint.split(',').map((part) => part.trim())) {
    if (clause === '*' || clause === '') continue;
    const bounded = /^([\^~])\s*(\d+(?:\.\d+)*)$/.exec(clause);
    if (bounded !== null) {
      const parts = (bounded[2] ?? '').split('.').map(Number);
      const bump = bounded[1] === '~' ? Math.min(1, parts.length - 1) : caretIndex(parts);
      const upper = parts.map((part, index) => (index < bump ? part : index === bump ? part + 1 : 0));
      clauses.push(`>=${bounded[2]}`, `<${upper.join('.')}`);
    } else if (/^(?:===|~=|==|!=|<=|>=|<|>)\s*[A-Za-z0-9._*+!-]+$/.test(clause)) {
      clauses.push(clause.replace(/\s+/g, ''));
    } else if (/^\d[A-Za-z0-9._*+!-]*$/.test(clause)) {
      clauses.push(`==${clause}`);
    } else {
      return undefined;
    }
  }
  return clauses.join(',');
}

function caretIndex(parts: number[]): number {
  const nonZero = parts.findIndex((part) => part !== 0);
  return nonZero === -1 ? parts.length - 1 : nonZero;
}
