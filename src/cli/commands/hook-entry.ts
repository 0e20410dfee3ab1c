/**
 * The hook command with its own services and fault reporting: the build bundles this file (and the
 * hook path behind it) into one, whose classes are its own, so it runs the command inside it.
 */
import { type Env } from '../../shared/paths.js';

export { runHook } from './hook.js';
export { runCommand } from '../command.js';

/** Vets the common installs in process before the code cache is written (loaded only then: a plain command loads none of it). */
export async function warmUpInstallGuard(env: Env): Promise<void> {
  const warmUp = await import('../../app/installs/warm-up-install-guard.js');
  await warmUp.warmUpInstallGuard(env);
}
