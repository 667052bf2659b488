#!/bin/sh
# Records how the installed Puppet treats each reserved word of the
# reserved-words seed when it is used as a class, define or function name
# and as a bare value. Output: testdata/reserved-words-puppet7.txt.
# Run from rules/builtin: sh gen/reserved-words-puppet7.sh
set -u
out=testdata/reserved-words-puppet7.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
words="and application attr case class component consumes default define else elsif environment false function if import in inherits node or private produces regexp site true type undef unit unless"
{
	echo "# Puppet $(puppet --version) verdicts for the reserved words of the seed."
	echo "# Command: puppet parser validate --color=false FILE, FILE holding the snippet."
	echo "# Format: word<TAB>snippet<TAB>ok|error<TAB>first Error: line, else first output line (paths removed)"
	for w in $words; do
		for snippet in "class $w {}" "\$x = $w" "define $w {}" "function $w() {}"; do
			printf '%s\n' "$snippet" >"$tmp/t.pp"
			all=$(puppet parser validate --color=false "$tmp/t.pp" 2>&1 | grep -v '^Warning: Facter' | sed "s|$tmp/t.pp|FILE|g")
			if printf '%s\n' "$all" | grep -q '^Error:'; then
				verdict=error
				msg=$(printf '%s\n' "$all" | grep '^Error:' | head -n 1)
			else
				verdict=ok
				msg=$(printf '%s\n' "$all" | head -n 1)
			fi
			printf '%s\t%s\t%s\t%s\n' "$w" "$snippet" "$verdict" "$msg"
		done
	done
} >"$out"
