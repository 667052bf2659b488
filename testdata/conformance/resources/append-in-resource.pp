file { '/a':
  require +> File['/b'],
}
