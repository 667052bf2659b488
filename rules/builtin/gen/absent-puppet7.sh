#!/bin/sh
# Records, for the installed Puppet's core types with an ensure that removes
# the resource, the ensure values (with their aliases) that remove it and the type's properties.
# Puppet syncs a resource's other properties only while it exists: with
# ensure absent they are never applied (parameters and metaparameters still
# are). Output: testdata/absent-puppet7.txt.
# Run from rules/builtin: sh gen/absent-puppet7.sh
set -eu
out=testdata/absent-puppet7.txt
{
	echo "# Puppet $(puppet --version): Puppet::Type.type(T).validproperties and ensure's values"
	echo "# Format: removes TYPE VALUE | property TYPE NAME (types whose ensure accepts absent)"
	ruby -e '
require "puppet"
%w[exec file filebucket group notify package resources schedule service stage tidy user].each do |t|
  ty = Puppet::Type.type(t.to_sym)
  en = ty.attrclass(:ensure)
  next unless en && en.respond_to?(:value_collection)
  vals = en.value_collection.values.map(&:to_s)
  next unless vals.include?("absent")
  en.value_collection.instance_variable_get(:@values).each_value do |v|
    next unless %w[absent purged].include?(v.name.to_s)
    ([v.name] + v.aliases).each { |n| puts "removes #{t} #{n}" }
  end
  ty.validproperties.map(&:to_s).sort.each { |p| puts "property #{t} #{p}" unless p == "ensure" }
end
'
} >"$out"
