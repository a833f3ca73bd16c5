#!/bin/sh
# Resolve a scenario through Kconfig: matrix/resolve.py does the work (see its header).
#
#   resolve.sh [--arch ARCH] [--set CONFIG_X=v]... SCENARIO_FILE OUTDIR   OUTDIR/config, OUTDIR/autoconf.h
#   resolve.sh [--arch ARCH] [--set CONFIG_X=v]... SCENARIO_FILE -        the resolved .config on stdout
exec "${PYTHON:-/usr/bin/python3}" "$(dirname "$0")/resolve.py" "$@"
