#!/bin/sh
# Records which candidate names the installed Puppet resolves as a type when
# written as a bare capitalised name. Output: testdata/datatypes-puppet7.txt.
# Run from rules/builtin: sh gen/datatypes-puppet7.sh
set -u
out=testdata/datatypes-puppet7.txt
names="Annotation Any Array Binary Boolean Callable CatalogEntry Class Collection Data Default Deferred Enum Error Float Hash Init Integer Iterable Iterator NotUndef Numeric Object Optional Pattern Pcore Regexp Resource RichData RichDataKey Runtime Scalar ScalarData SemVer SemVerRange Sensitive String Struct Target Task Timespan Timestamp Tuple Type TypeAlias TypeReference TypeSet URI Undef Unit Variant Foo"
{
	echo "# Puppet $(puppet --version): does NAME evaluate to a type?"
	echo "# Command: puppet apply --color=false -e 'notice(\$x = NAME =~ Type)'"
	echo "# Format: name<TAB>type|error<TAB>first Error: line"
	for n in $names; do
		all=$(puppet apply --color=false -e "notice(\$x = $n =~ Type)" 2>&1 | grep -v 'Facter')
		if printf '%s\n' "$all" | grep -q 'Notice: Scope(Class\[main\]): true'; then
			printf '%s\ttype\t\n' "$n"
		else
			printf '%s\terror\t%s\n' "$n" "$(printf '%s\n' "$all" | grep '^Error:' | head -n 1 | sed 's/ on node .*//')"
		fi
	done
} >"$out"
