/** Human rendering of a lookup: each checked call, the trigger decision, then the augmentation. */
import type { LookupApiDocsResult } from '../../app/api-docs/lookup-api-docs.js';

export function renderLookup(result: LookupApiDocsResult): string {
  const lines: string[] = [];
  for (const i of result.invocations) {
    const mark = i.valid ? '✓ ok     ' : i.exists ? '✗ invalid' : '✗ unknown';
    lines.push(`${mark}  ${i.call}  → ${i.api}`);
    for (const problem of i.problems) lines.push(`           ${problem.code}: ${problem.message}`);
    if (i.argumentsChecked === false)
      lines.push('           arguments not checked: the index knows the name but cannot judge its arguments');
  }
  for (const u of result.notJudged ?? []) lines.push(`? not judged  ${u.call}  (${u.reason.replace(/^not judged: /, '')})`);
  if (result.invocations.length === 0 && (result.notJudged ?? []).length === 0) lines.push('no call into an indexed library found');
  lines.push('', `${result.triggered ? 'retrieved' : 'no retrieval'}: ${result.reason}`);
  if (result.augmentation) lines.push('', result.augmentation.trimEnd());
  return `${lines.join('\n')}\n`;
}
