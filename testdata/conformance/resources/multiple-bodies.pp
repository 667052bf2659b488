file {
  '/a': ensure => file;
  '/b': ensure => directory,
}
