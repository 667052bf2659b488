# Dashes.
class dash {
  $a = 1
  $b = $a-1 # want "variable contains a dash"
  $c = "${a}-x"
  $d = "$a-x" # want "variable contains a dash"
  $e = $facts['os-family']
  $f = $a - 1
}
