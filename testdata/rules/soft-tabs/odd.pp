class ntp {
   $a = 1 # want "two-space soft tabs not used"
    $b = 2
  $c = "two
     five in a string"
  /* a
     comment */
}
