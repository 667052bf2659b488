# Second assignments in one scope fail; separate arms, lambdas and other scopes do not.
class reassign ($param = 1) {
  $a = 1
  $a = 2 # want "\\$a is already assigned in class reassign \\(line 3\\).*Cannot reassign variable"
  $param = 3 # want "\\$param is a parameter of class reassign"
  if $param {
    $b = 1
  } elsif $a {
    $b = 2
  } else {
    $b = 3
  }
  case $a {
    1: { $c = 1 }
    default: { $c = 2 }
  }
  if $a { $d = 1 }
  if $param { $d = 2 } # want "\\$d is already assigned"
  [1, 2].each |$i| {
    $e = $i
    $a = $i
    $e = 0 # want "\\$e is already assigned in class reassign"
  }
  [$f, $g] = [1, 2]
  $g = 3 # want "\\$g is already assigned"
  if !defined('$h') { $h = 1 }
  $i = 1
  unless defined('$i') { $i = 2 }
}
class other {
  $a = 1
}
define reassign::d ($x) {
  $x = 1 # want "\\$x is a parameter of defined type reassign::d"
}
class opposite ($location = undef, $release = undef) {
  if $location { $_location = $location }
  unless $location { $_location = 'default' }
  if !($release) { $_release = 'r' }
  if $release { $_release = $release }
  if $location { $_both = 1 }
  if $release { $_both = 2 } # want "\\$_both is already assigned"
}
