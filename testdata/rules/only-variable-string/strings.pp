class strings (String $a, Hash $h) {
  $b = "${a}" # want "string containing only a variable"
  $c = "$a" # want "string containing only a variable"
  $d = "${h['k']}" # want "string containing only a variable"
  $e = "${a}x"
  $f = { "${a}" => 1 }
  $g = $h["${a}"]
  $i = "x ${a}"
}
