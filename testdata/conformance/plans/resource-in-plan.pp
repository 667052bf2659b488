plan mymod::res() {
  file { '/x': }
}
