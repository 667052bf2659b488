class booleans {
  $a = 'true' # want "quoted boolean value found"
  $b = "false" # want "quoted boolean value found"
  $c = true
  $d = 'True'
}
