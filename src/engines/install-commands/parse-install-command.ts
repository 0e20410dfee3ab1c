/** One door for every package manager: argv read by the parser that owns its program. */
import { parseCondaCommand } from './conda-managers.js';
import { parseNodeCommand } from './npm-managers.js';
import { parseRecipeCommand } from './recipe-commands.js';
import { parsePythonCommand } from './python-managers.js';
import { parseRyePixiCommand } from './rye-pixi-managers.js';
import { type PipContext } from './requirements-file.js';
import { type InstallRequest } from './types.js';

/**
 * Reads `argv` with the Python, Node, conda or rye/pixi parser, whichever owns argv[0] (a bare name or a
 * path: `pip3`, `/usr/bin/python3.11`, `pnpx`, `micromamba` …); undefined when none does, or when
 * an interpreter runs something other than pip. Never throws for bad input.
 */
export function parseInstallCommand(argv: readonly string[], context: PipContext): InstallRequest | undefined {
  return (
    parseRyePixiCommand(argv) ??
    parsePythonCommand(argv, context) ??
    parseNodeCommand(argv, context) ??
    parseRecipeCommand(argv, context) ??
    parseCondaCommand(argv, context)
  );
}
