#!/bin/bash
# Stand-ins for programs this sandbox lacks or cannot run offline (remote shells, containers,
# multiplexers, other shells): each runs the command it is given locally, as the real program
# would run it on its host, container or terminal. Invoked through a symlink named after the program.
name=$(basename "$0")
skip_opts() { while [ $# -gt 0 ] && [[ $1 == -* ]]; do shift; done; printf '%s\0' "$@"; }
run_words() { if [ $# -eq 1 ]; then exec sh -c "$1"; else exec "$@"; fi; }
case "$name" in
  ssh) while [[ ${1:-} == -* ]]; do shift; done; shift; exec sh -c "$*" ;;
  docker)
    if [ "$1" = exec ]; then shift; while [[ ${1:-} == -* ]]; do shift; done; shift; run_words "$@"; fi
    if [ "$1" = build ]; then
      file=Dockerfile; shift; while [ $# -gt 0 ]; do [ "$1" = -f ] && file=$2; shift; done
      grep -E '^RUN ' "$file" | sed -E 's/^RUN //; s/^(--[a-z]+=[^ ]+ +)+//' | while read -r line; do sh -c "$line"; done; exit 0
    fi ;;
  kubectl) while [ $# -gt 0 ] && [ "$1" != -- ]; do shift; done; shift; run_words "$@" ;;
  tmux) last="${!#}"; exec sh -c "$last" ;;
  screen) while [[ ${1:-} == -* ]]; do [ "$1" = -dmS ] && shift; shift; done; run_words "$@" ;;
  parallel) cmd=(); while [ $# -gt 0 ] && [ "$1" != ::: ]; do [ "$1" != -- ] && cmd+=("$1"); shift; done; shift; for a in "$@"; do "${cmd[@]}" "$a"; done ;;
  xvfb-run|firejail|proot|numactl|caffeinate) while [[ ${1:-} == -* ]]; do shift; done; run_words "$@" ;;
  cgexec) shift 2; run_words "$@" ;;
  watch) while [[ ${1:-} == -* ]]; do [ "$1" = -n ] && shift; shift; done; exec sh -c "$*" ;;
  tcsh|csh|pwsh) [ "$1" = -c ] && exec sh -c "$2" ;;
esac
exit 0
