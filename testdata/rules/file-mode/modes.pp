class modes (String $m) {
  file { '/a': mode => '644' } # want "mode should be represented as a 4 digit octal value or symbolic mode"
  file { '/b': mode => '0644' }
  file { '/c': mode => 'u=rw,go=r' }
  file { '/d': mode => $m }
  file { '/e': mode => undef }
  concat { '/f': mode => 'rwx' } # want "mode should be represented as a 4 digit octal value or symbolic mode"
  exec { '/g': mode => '644' }
  file { '/h':
    ensure => file,
    mode   => "${m}", # want "mode should be represented as a 4 digit octal value or symbolic mode"
  }
}
