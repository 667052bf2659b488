$Foo = 1 # want error:"variable [$]Foo breaks the rule for variable names.*Puppet rejects the file: .Illegal variable name.* Rename it, e.g. [$]foo"
notice($Foo) # want error:"variable [$]Foo breaks"
$fooBar = 1 # want info:"variable [$]fooBar has uppercase letters The style guide asks for only lowercase.*Puppet accepts it. Rename it, e.g. [$]foo_bar"
$_private = 2
$x9 = 3
notice("$5b") # want error:"variable [$]5b starts with a digit but is not a capture variable.*Illegal numeric variable name"
notice($0123) # want error:"variable [$]0123 starts with a digit.*leading zero"
notice($10, $0)
notice("$Foo") # want error:"variable [$]Foo"
notice($::osfamily, $::os['family'], $apache::params::user, $a::b::_c, $0)
notice($Apache::user) # want error:"variable [$]Apache::user breaks the rule for qualified variable names.*Puppet rejects the file.*Write [$]apache::user"
notice($apache::pArams::user) # want info:"variable [$]apache::pArams::user breaks the rule for qualified variable names.*Puppet accepts it today"
notice($apache::params::userName) # want info:"variable [$]apache::params::userName has uppercase letters"
notice($::Foo) # want error:"variable [$]::Foo breaks the rule for qualified variable names"
notice($a::_b::c) # private-variable-access reports this one
[1].each |$Item| { notice($Item) } # want error:"parameter [$]Item breaks the rule for variable names" error:"variable [$]Item"
[1].each |$itemName| { notice($itemName) } # want info:"parameter [$]itemName has uppercase" info:"variable [$]itemName has uppercase"
class c ($Param) { # class parameters are invalid-parameter-name's
}
define dt ($Param) { # and so are defined types' parameters
}
