class a (
  $ok,
  $ok_2,
  $fooBar, # want info:"parameter [$]fooBar of class 'a' breaks the rule for parameter names.*Puppet accepts it, but the regular expression on Puppet's naming page and the style guide do not.* Rename it, e.g. [$]foo_bar"
  $_foo, # want info:"parameter [$]_foo of class 'a'.*Puppet accepts it"
  $Foo, # want error:"parameter [$]Foo of class 'a'.*Puppet rejects it: .Illegal parameter name. The given name 'Foo'"
  $a9,
) {}
define d (String $Title2, $x_) {} # want error:"parameter [$]Title2 of defined type 'd'"
define e ($httpProxy, $_nameservers) {} # want info:"parameter [$]httpProxy of defined type 'e'" info:"parameter [$]_nameservers"
function f($fooBar) {}
