# Case.
class upper {
  $fooBar = 1 # want "variable contains an uppercase letter"
  $lower = $fooBar # want "variable contains an uppercase letter"
  $s = "${fooBar} and $fooBar" # want "variable contains an uppercase letter" "variable contains an uppercase letter"
  $t = $facts['Upper']
  $u = $::Foo # want "variable contains an uppercase letter"
}
