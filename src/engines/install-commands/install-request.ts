/** A request with nothing found yet, the starting point of every install parser. */
import { type InstallRequest, type PackageManager } from './types.js';

export function emptyRequest(manager: PackageManager, installs = false): InstallRequest {
  return { manager, installs, targets: [], indexes: [], files: [], unresolved: [] };
}
