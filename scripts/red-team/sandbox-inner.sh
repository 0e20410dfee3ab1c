#!/bin/bash
# Runs inside `unshare --mount --net --pid --fork --mount-proc` (see label.ts): makes every mount
# read-only, gives the probe a fresh writable /tmp (its working directory /tmp/work) and HOME, puts
# the stubs at /opt/rt/bin first on PATH and over the real pip and npm, then runs the probe.
# $1: the directory holding bin/, seed/, log/, probe.sh (bind-mounted at /opt/rt).
set -u
RT_HOST=$1
mount --make-rprivate / 2>/dev/null
mount -t tmpfs none /opt
mkdir -p /opt/rt
mount --bind "$RT_HOST" /opt/rt
# Read-only root: every mount but /opt/rt, /proc, /dev.
while read -r target; do
  case "$target" in /opt/rt|/opt/rt/*|/proc|/proc/*|/dev|/dev/*|/sys|/sys/*) continue ;; esac
  mount -o remount,bind,ro "$target" 2>/dev/null
done < <(findmnt -rn -o TARGET)
mount -t tmpfs none /tmp
mkdir -p /tmp/work /tmp/home
cp -a /opt/rt/seed/. /tmp/work/ 2>/dev/null
# The real pip and npm, wherever a probe could name them, run the stubs instead.
for real in /usr/bin/pip /usr/bin/pip3 /usr/bin/pip3.11 /usr/local/bin/pip /usr/local/bin/npm /usr/bin/npm; do
  [ -e "$real" ] && mount --bind /opt/rt/bin/pip "$real" 2>/dev/null
done
PIP_PKG=$(/opt/rt/bin/python3 -c 'import os,pip; print(os.path.dirname(pip.__file__))' 2>/dev/null)
[ -n "$PIP_PKG" ] && mount --bind /opt/rt/fakepip/pip "$PIP_PKG" 2>/dev/null
[ -e /usr/lib/node_modules/npm/bin/npm-cli.js ] && mount --bind /opt/rt/lib/node_modules/npm/bin/npm-cli.js /usr/lib/node_modules/npm/bin/npm-cli.js
cd /tmp/work || exit 99
export HOME=/tmp/home PATH=/opt/rt/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin PYTHONPATH=/opt/rt/fakepip TERM=dumb
base=$(ls /proc | grep -c '^[0-9]')
timeout -k 2 8 bash /opt/rt/probe.sh </dev/null >/opt/rt/log/out.txt 2>&1
# What the probe left running in the background (setsid --fork, >(…), cmd &) gets up to 3 s to finish
# before the namespace ends and takes it down, as it would have on a real machine.
for _ in $(seq 30); do
  [ "$(ls /proc | grep -c '^[0-9]')" -le "$base" ] && break
  sleep 0.1
done
