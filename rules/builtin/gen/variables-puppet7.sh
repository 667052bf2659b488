#!/bin/sh
# Records whether the installed Puppet lets a manifest assign each variable
# at top scope and inside a class. Output: testdata/variables-puppet7.txt.
# Run from rules/builtin: sh gen/variables-puppet7.sh
set -u
out=testdata/variables-puppet7.txt
names="facts trusted server_facts title name module_name caller_module_name environment clientcert clientversion clientnoop puppetversion os osfamily networking ipaddress hostname fqdn kernel processorcount x"
verdict() {
	all=$(puppet apply --color=false -e "$1" 2>&1 | grep -v 'Facter')
	if printf '%s\n' "$all" | grep -q '^Error:'; then
		printf 'error\t%s' "$(printf '%s\n' "$all" | grep '^Error:' | head -n 1 | sed 's/ on node .*//')"
	else
		printf 'ok\t'
	fi
}
{
	echo "# Puppet $(puppet --version) (puppet apply, so no server facts): may NAME be assigned?"
	echo "# Commands: top: puppet apply -e '\$NAME = 1'; class: puppet apply -e 'class a { \$NAME = 1 } include a'"
	echo "# Format: name<TAB>top|class<TAB>ok|error<TAB>first Error: line"
	for n in $names; do
		printf '%s\ttop\t%s\n' "$n" "$(verdict "\$$n = 1")"
		printf '%s\tclass\t%s\n' "$n" "$(verdict "class a { \$$n = 1 } include a")"
	done
} >"$out"
