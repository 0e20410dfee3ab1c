# Runs a notebook's code cells as IPython would for what matters here: `!cmd` and `%pip …` lines go
# to the shell, everything else is Python.
import json, subprocess, sys
nb = json.load(open(sys.argv[1]))
for cell in nb.get('cells', []):
    if cell.get('cell_type') != 'code':
        continue
    source = cell['source'] if isinstance(cell['source'], str) else ''.join(cell['source'])
    python = []
    for line in source.splitlines():
        if line.startswith('!'):
            subprocess.run(line[1:], shell=True)
        elif line.startswith('%pip ') or line.startswith('%conda '):
            subprocess.run(line[1:], shell=True)
        else:
            python.append(line)
    exec('\n'.join(python), {})
