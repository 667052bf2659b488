class foo (
  # the x
  $x = 1, /* y */ $y = 2,
) {
}
