import { describe, expect, it } from 'vitest';

import { formatProjectTimes, projectTimes } from './project-times-reporter.js';

describe('projectTimes', () => {
  it('gives each project its wall span from first start to last end and its summed file time', () => {
    const times = projectTimes([
      { project: 'unit', start: 1_000, end: 3_000 },
      { project: 'e2e', start: 5_000, end: 9_000 },
      { project: 'unit', start: 2_000, end: 6_500 },
      { project: 'e2e', start: 4_000, end: 4_500 },
    ]);
    expect(times).toEqual([
      { project: 'unit', files: 2, wall: 5_500, summed: 6_500 },
      { project: 'e2e', files: 2, wall: 5_000, summed: 4_500 },
    ]);
  });

  it('prints one row a project in seconds, then the whole run', () => {
    const text = formatProjectTimes([{ project: 'heavy', files: 3, wall: 61_240, summed: 90_000 }], 75_000);
    const lines = text.split('\n');
    expect(lines[2]).toMatch(/^heavy\s+3\s+61\.2 s\s+90\.0 s$/);
    expect(lines.at(-1)).toContain('75.0 s');
  });
});
