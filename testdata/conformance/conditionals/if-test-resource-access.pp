if $x == File['a'] {
  notice(1)
}
