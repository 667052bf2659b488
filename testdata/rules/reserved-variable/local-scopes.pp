class a (
  $name, # want "parameter [$]name of a class: [$]title and [$]name are reserved.*The parameter [$]name redefines a built in parameter in the Host Class Definition"
  $1, # want "parameter [$]1 of a class is a regex capture variable name.*The numeric parameter name '[$]1' cannot be used"
  $facts = {}, # want "parameter [$]facts of a class hides the reserved variable [$]facts"
) {
  $hostname = 'x'
  $osfamily = 'y'
  $facts = {} # want "[$]facts is reserved for facts"
  $title = 'x' # want "[$]title is reserved: .* cannot be assigned in a class"
  if 'x' =~ /x/ {
    $1 = 'y' # want "[$]1 is a regex capture variable"
  }
  [1].each |$name| { # a lambda parameter $name is fine
    $title = $name
  }
  $x = [1].map |$trusted| { $trusted } # want "parameter [$]trusted of a lambda hides the reserved variable"
}
define d (
  $title, # want "parameter [$]title of a defined type.*in the 'define' expression"
) {
  $name = 'x' # want "[$]name is reserved: .* cannot be assigned in a defined type"
  $environment = 'y'
}
function f($name) {
  $title = $name
  $title
}
