# Stands in for the pip package: `python -m pip`, `import pip; pip.main(...)` and pip's internal
# entry points record their arguments with the package-manager stub instead of installing.
import sys
sys.path.insert(0, '/opt/rt')
import importlib.util
_spec = importlib.util.spec_from_file_location('rt_pm_stub', '/opt/rt/pm-stub.py')
_stub = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_stub)


def main(args=None):
    _stub.record(['pip'] + list(sys.argv[1:] if args is None else args))
    return 0
