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
  $on = true
  $off = false
  if $on { $d = 1 }
  if $param { $d = 2 } # want error:"\\$d is already assigned in class reassign \\(line 19\\) and both run when \\$param is true"
  if $off { $k = 1 }
  if $param { $k = 2 }
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
# Two conditionals comparing one variable with different literals never
# both run: the variable cannot change between them.
define compared ($ensure = present, $mode = 'a') {
  if $ensure == present { $cmd = 'install' }
  if $ensure == absent { $cmd = 'delete' }
  if $ensure == 'Present' { $cmd = 'again' } # want "\\$cmd is already assigned"
  if $mode in ['a', 'b'] { $m = 1 }
  if $mode == 'c' { $m = 2 }
  if $mode != 'c' { $m = 3 } # want "\\$m is already assigned"
  if $ensure != present { $n = 1 }
  if $ensure == present { $n = 2 }
  if $mode == 'a' { $o = 1 }
  if $ensure == absent { $o = 2 } # want "\\$o is already assigned"
}
