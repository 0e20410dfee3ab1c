/** The package managers `guard <pm>` wraps: each is a command of its own (kept apart so dispatch loads nothing else). */
import { SHIM_PROGRAMS } from '../shared/shimmed-programs.js';

/**
 * Every program that gets a PATH shim, and those wrapped only when called as `guard <pm>`: the
 * interpreters (a `python` shim would wrap every script), pnpx and micromamba.
 */
export const WRAPPED_PROGRAMS = [...SHIM_PROGRAMS, 'python', 'python3', 'pnpx', 'micromamba'] as const;
