if $a {
  class foo {
  }
}
