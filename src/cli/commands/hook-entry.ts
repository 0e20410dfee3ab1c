/**
 * The hook command with its own services and fault reporting: the build bundles this file (and the
 * hook path behind it) into one, whose classes are its own, so it runs the command inside it.
 */
export { runHook } from './hook.js';
export { runCommand } from '../command.js';
export { warmUpInstallGuard } from '../../app/installs/warm-up-install-guard.js';
