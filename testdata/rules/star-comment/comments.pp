class comments {
  /* a star comment */ # want "/\\* \\*/ comment found"
  # a hash comment
  $a = '/* not a comment */'
}
