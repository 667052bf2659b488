$a = { 'a' => 1} # want "single space or newline before a closing brace"
$b = { 'b' => 1  } # want "single space or newline before a closing brace"
$c = { 'c' => 1 }
$d = {}
$e = {
  'e' => 1, # want "single space or newline before a closing brace"

}
$f = {
  'f' => 1,
}
