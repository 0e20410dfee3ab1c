/**
 * The minimum release age on a PyPI project page: files younger than the minimum (PEP 700
 * `upload-time`) are marked yanked with the reason, so an unpinned request takes the previous
 * release, and are held back, so a request pinned to them is refused with the reason on download.
 */
import { formatAge, formatMinAge, parseTime } from './release-age.js';
import { type SimpleProject } from './pypi-simple.js';
import { type HeldBack, type UpstreamFacts } from './types.js';

export interface VettedPypiProject {
  project: SimpleProject;
  /** Files held back, keyed by file name. */
  held: Map<string, HeldBack>;
  facts: UpstreamFacts;
}

/** Applies the minimum age (ms; 0 turns it off) to a project page. Pure; the input is not changed. */
export function vetPypiProject(project: SimpleProject, minAgeMs: number, now: Date): VettedPypiProject {
  const held = new Map<string, HeldBack>();
  let firstRelease: number | undefined;
  let timesKnown = project.files.length > 0;
  const files = project.files.map((file) => {
    const uploaded = parseTime(file.uploadTime);
    if (uploaded === undefined) {
      timesKnown = false;
      return file;
    }
    firstRelease = firstRelease === undefined ? uploaded : Math.min(firstRelease, uploaded);
    const age = now.getTime() - uploaded;
    if (minAgeMs <= 0 || age >= minAgeMs) return file;
    const message = `${file.filename} of PyPI project "${project.name}" was uploaded ${formatAge(age)} ago, under the minimum release age of ${formatMinAge(minAgeMs)} (policy min_release_age); pin an older release or add the project to min_release_age.exclude`;
    held.set(file.filename, { key: file.filename, message });
    return { ...file, yanked: message };
  });
  const facts: UpstreamFacts = { exists: true, timesKnown };
  if (firstRelease !== undefined) facts.firstRelease = firstRelease;
  return { project: { ...project, files }, held, facts };
}
