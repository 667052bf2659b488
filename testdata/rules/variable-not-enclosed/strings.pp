class strings (String $a, Array $l) {
  $b = "x $a y" # want "variable not enclosed in {}"
  $c = "x ${a} y"
  $d = "$l[0] and $a" # want "variable not enclosed in {}" "variable not enclosed in {}"
  $e = "x ${$a} y"
  $f = 'x $a y'
  $g = $facts["$a"] # want "variable not enclosed in {}"
}
class heredocs (String $a) {
  $c = @(END)
    x $a y
    | END
  notice($c)
}
