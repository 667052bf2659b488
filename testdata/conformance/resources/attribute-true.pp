file { '/a':
  true => 1,
}
