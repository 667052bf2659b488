class a (
  $ok,
  $ok_2,
  $fooBar, # want "parameter [$]fooBar of class 'a' breaks the rule for parameter names.*Puppet accepts it, but the document's regular expression does not.* Rename it, e.g. [$]foo_bar"
  $_foo, # want "parameter [$]_foo of class 'a'.*Puppet accepts it"
  $Foo, # want "parameter [$]Foo of class 'a'.*Puppet rejects it: .Illegal parameter name. The given name 'Foo'"
  $a9,
) {}
define d (String $Title2, $x_) {} # want "parameter [$]Title2 of defined type 'd'"
function f($fooBar) {}
