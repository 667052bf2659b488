class Foo {} # want "class name 'Foo' breaks the rule for class and defined type names.*namespace segment 'Foo' does not.*Unacceptable name. The name 'Foo' is unacceptable as the name of a Host Class Definition.. Write 'foo'"
class Foo::Bar {} # want "class name 'Foo::Bar'.*segment 'Foo', 'Bar' does not"
class foo::_bar {} # want "class name 'foo::_bar'.*segment '_bar'.* Write 'foo::bar'"
class foo-bar {} # want "class name 'foo-bar'.* Write 'foo_bar'"
define _d() {} # want "defined type name '_d'.*as the name of a 'define' expression"
class ::foo::bar {} # want "class name '::foo::bar' starts with '::', which the pattern on Puppet's naming page allows but Puppet rejects.* Write 'foo::bar'"
class foo::bAr9_ {}
class a1 {
  class b2 {}
}
define foo::d_1() {}
