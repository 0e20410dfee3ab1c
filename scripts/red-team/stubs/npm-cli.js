// Stands in for npm's own entry point (`node …/npm-cli.js install x`): hands argv to the stub.
require('node:child_process').spawnSync('/opt/rt/bin/npm', process.argv.slice(2), { stdio: 'inherit' });
