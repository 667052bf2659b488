file { '/a':
  ensure = file,
}
