#!/usr/bin/env bash
# survey/run.sh — what `make survey` runs: go run ./survey, which installs
# what the selected rows need (every testee directory's pinned Debian
# packages in one apt-get install, npm ci where there is a
# package-lock.json, the build commands of its testee.json), runs pctest
# run and pctest fuzz on every row, runs the bugs' reproductions, and
# writes survey/REPORT.md, report.html, results.json and bugs/ (under
# survey/work/report when some rows have no results yet).
#
#   survey/run.sh                      # every row
#   survey/run.sh -rows 'engine-'      # the rows whose name matches
#
# An install or a build that fails is recorded in survey/work/install.json
# and install.log; the rows that needed it are reported as not installed,
# with the reason, never faked.
set -eu
cd "$(dirname "$0")/.."
mkdir -p survey/work
exec go run ./survey "$@"
