# Slashes.
class slashes {
  // a comment # want "// comment found"
  $x = 1 // trailing # want "// comment found"
  $y = 4 / 2
  $s = "http://x"
  if $s =~ /\/\// {
  }
  # // in a comment
  $u = "a" // x "y # want "// comment found"
  $v = 2 // z / # want "// comment found"
  $w = @(E)
    // not code
    | E
}
// # want "// comment found"
