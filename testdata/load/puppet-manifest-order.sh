#!/bin/sh
# Records the order in which Puppet evaluates the files of a main
# manifest directory into the @puppet-order section of
# manifest_order.txtar. Needs Puppet; `go test` does not.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
fixture="$here/manifest_order.txtar"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Extract the tree: every "-- name --" section not starting with "@".
awk -v root="$tmp" '
	/^-- .* --$/ { name = substr($0, 4, length($0) - 6); out = ""
		if (substr(name, 1, 1) != "@") { out = root "/" name; dir = out; sub(/\/[^\/]*$/, "", dir)
			system("mkdir -p \"" dir "\""); printf "" > out } next }
	out != "" { print >> out }
' "$fixture"
order=$(puppet apply --color=false --noop "$tmp/env/manifests" 2>&1 |
	sed -n "s/^Notice: Scope(Class\[main\]): //p")
# Replace the @puppet-order section (always the last one) with the new order.
awk '/^-- @puppet-order --$/ { exit } { print }' "$fixture" > "$tmp/new"
{ echo "-- @puppet-order --"; echo "$order"; } >> "$tmp/new"
mv "$tmp/new" "$fixture"
