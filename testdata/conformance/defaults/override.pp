File['/a'] {
  mode => '0600',
}
