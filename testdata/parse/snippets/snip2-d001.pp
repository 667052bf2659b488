class a {
  if $x {
    $y = [1,
  }
}