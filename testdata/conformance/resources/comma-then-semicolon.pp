file {
  '/a': ensure => file,;
  '/b': ;
}
