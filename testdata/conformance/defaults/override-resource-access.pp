Resource['file', '/z'] {
  mode => '0600',
}
