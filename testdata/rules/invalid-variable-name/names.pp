$Foo = 1 # want "variable [$]Foo breaks the rule for variable names.*Puppet rejects the file: .Illegal variable name.* Rename it, e.g. [$]foo"
notice($Foo) # want "variable [$]Foo breaks"
$fooBar = 1
$_private = 2
$x9 = 3
notice("$5b") # want "variable [$]5b starts with a digit but is not a capture variable.*Illegal numeric variable name"
notice($0123) # want "variable [$]0123 starts with a digit.*leading zero"
notice($10, $0)
notice("$Foo") # want "variable [$]Foo"
notice($::osfamily, $::os['family'], $apache::params::user, $a::b::_c, $0)
notice($Apache::user) # want "variable [$]Apache::user breaks the rule for qualified variable names.*Puppet rejects the file.*Write [$]apache::user"
notice($apache::pArams::user) # want "variable [$]apache::pArams::user breaks the rule for qualified variable names.*Puppet accepts it today"
notice($::Foo) # want "variable [$]::Foo breaks the rule for qualified variable names"
notice($a::_b::c) # private-variable-access reports this one
[1].each |$Item| { notice($Item) } # want "parameter [$]Item breaks the rule for variable names" "variable [$]Item"
class c ($Param) { # class parameters are invalid-parameter-name's
}
