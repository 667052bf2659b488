define a::b ($x, $y = 1) {
  notice($x)
}
