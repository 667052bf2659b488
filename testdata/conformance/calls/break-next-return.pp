[1].each |$x| {
  if $x { next() }
  break()
}
