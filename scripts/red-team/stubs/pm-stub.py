# A package manager's stand-in: records what it was handed (argv, cwd, the environment variables
# that choose an index, and the text of every file it was pointed at or would read in its cwd) as
# one JSON file under /opt/rt/log, then exits 0. Written for python3 so `python3 /opt/rt/bin/pip`
# works too.
import json, os, sys, time

# What the managers read from their working directory. pip.conf is not one of them: see PIP_CONFIG_FILES.
MANIFESTS = ['requirements.txt', 'package.json', 'pyproject.toml', 'setup.cfg', 'setup.py', 'Pipfile',
             'pixi.toml', 'deno.json', '.npmrc', '.yarnrc.yml', 'uv.toml']
ENV_KEYS = ('INDEX', 'REGISTRY', 'FIND_LINKS', 'PIP_', 'UV_', 'NPM_CONFIG', 'YARN_')


def read(path):
    try:
        if os.path.isfile(path) and os.path.getsize(path) < 1_000_000:
            with open(path, encoding='utf-8', errors='replace') as f:
                return f.read()
    except OSError:
        pass
    return None


def pip_config_files():
    """The configuration files real pip reads on Unix, as its documentation lists them
    (pip.pypa.io/en/stable/topics/configuration/, "Location" and "Loading order"): PIP_CONFIG_FILE;
    global, pip/pip.conf under each XDG_CONFIG_DIRS entry (default /etc/xdg) then /etc/pip.conf;
    user, $XDG_CONFIG_HOME/pip/pip.conf (default ~/.config) and the legacy ~/.pip/pip.conf; site,
    pip.conf in the environment's prefix ($VIRTUAL_ENV). Never a pip.conf in the working directory."""
    home = os.environ.get('HOME', '')
    paths = []
    if os.environ.get('PIP_CONFIG_FILE'):
        paths.append(os.environ['PIP_CONFIG_FILE'])
    for base in (os.environ.get('XDG_CONFIG_DIRS') or '/etc/xdg').split(':'):
        if base:
            paths.append(os.path.join(base, 'pip', 'pip.conf'))
    paths.append('/etc/pip.conf')
    paths.append(os.path.join(os.environ.get('XDG_CONFIG_HOME') or os.path.join(home, '.config'), 'pip', 'pip.conf'))
    paths.append(os.path.join(home, '.pip', 'pip.conf'))
    for prefix in (os.environ.get('VIRTUAL_ENV'), sys.prefix):
        if prefix:
            paths.append(os.path.join(prefix, 'pip.conf'))
    return paths


def record(argv):
    files = {}
    def add(path):
        text = read(path)
        if text is not None and os.path.abspath(path) not in files:
            files[os.path.abspath(path)] = text
            # pip follows `-r`/`-c` lines of a requirements file: so does the record.
            for line in text.splitlines():
                parts = line.split()
                if len(parts) >= 2 and parts[0] in ('-r', '-c', '--requirement', '--constraint'):
                    add(os.path.join(os.path.dirname(path), parts[1]))
    for arg in argv[1:]:
        for piece in [arg] + arg.split('=', 1)[1:] + [arg.split('[', 1)[0]] * ('[' in arg):
            if os.path.isdir(piece):
                for name in MANIFESTS:
                    add(os.path.join(piece, name))
            else:
                add(piece)
    for name in MANIFESTS:
        add(name)
    add(os.path.join(os.environ.get('HOME', ''), '.npmrc'))
    for path in pip_config_files():
        add(path)
    env = {k: v for k, v in os.environ.items() if any(key in k.upper() for key in ENV_KEYS)}
    entry = {'argv': argv, 'cwd': os.getcwd(), 'env': env, 'files': files}
    os.makedirs('/opt/rt/log', exist_ok=True)
    with open('/opt/rt/log/%d-%d.json' % (time.time_ns(), os.getpid()), 'w') as f:
        json.dump(entry, f)


if __name__ == '__main__':
    record([os.path.basename(sys.argv[0])] + sys.argv[1:])
