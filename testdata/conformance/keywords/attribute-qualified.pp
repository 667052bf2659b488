file { '/x':
  a::b => 1,
}
