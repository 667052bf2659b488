class strings {
  $a = "plain" # want "double quoted string containing no variables"
  $b = "tab\there"
  $c = "x ${a} y"
  $d = "it's"
  $e = "cr\rhere" # want "double quoted string containing no variables"
  $f = 'single'
}
