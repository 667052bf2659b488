# A file written for the differential test: blanks between a type and its
# [, which Puppet does not parse.
class synthetic::reference_spaces {
  file { '/etc/synthetic':
    ensure  => file,
    require => Package ['synthetic'],
  }
  Class ['synthetic'] -> File['/etc/synthetic']
  $type = String [1]
}
