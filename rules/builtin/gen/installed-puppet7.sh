#!/bin/sh
# Records the resource types and functions of the installed Puppet, from its
# source tree. Output: testdata/installed-puppet7.txt.
# Run from rules/builtin: sh gen/installed-puppet7.sh [PUPPET_LIB_DIR]
set -eu
lib=${1:-/usr/lib/ruby/vendor_ruby/puppet}
out=testdata/installed-puppet7.txt
{
	echo "# Puppet $(puppet --version), from $lib"
	echo "# Format: type NAME (type/NAME.rb) | function NAME (functions/NAME.rb or parser/functions/NAME.rb)"
	for f in "$lib"/type/*.rb; do
		echo "type $(basename "$f" .rb)"
	done
	for f in "$lib"/functions/*.rb "$lib"/parser/functions/*.rb; do
		echo "function $(basename "$f" .rb)"
	done | sort -u
} >"$out"
