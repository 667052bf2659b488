file { '/x':
  require => File['/a'] -> File['/b'],
}
