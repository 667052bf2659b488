file { '/x':
  foo-bar => 1,
}
