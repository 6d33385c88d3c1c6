#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/kernel/gittree.sh DIR: the kernel as make e2e and the benchmarks
# use it: Debian's linux-source-6.1 (tree.sh) copied to DIR, a git
# repository of one commit dated on 6.1's release day, with no store.
# DIR is replaced.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tree=$1
pristine=$("$here/tree.sh")
rm -rf "$tree"
mkdir -p "$(dirname "$tree")"
cp -a "$pristine" "$tree"
rm -rf "$tree/.linkmend"
cd "$tree"
git init -q .
git config user.name "linkmend e2e"
git config user.email "e2e@linkmend.org"
# Debian's .gitignore ignores the whole top level: add it all.
git add -A -f
GIT_AUTHOR_DATE=2022-12-11T12:00:00Z GIT_COMMITTER_DATE=2022-12-11T12:00:00Z \
	git commit -qm "Linux 6.1 (Debian's linux-source-6.1)"
