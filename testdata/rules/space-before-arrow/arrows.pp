class arrows {
  file { '/a': ensure  => file } # want "there should be a single space before '=>'"
  file { '/b': ensure=>file } # want "there should be a single space before '=>'"
  file { '/c': ensure => file, mode => '0644' }
  file { '/d':
    ensure => file,
    mode   => '0644',
  }
}
