Class['x'] {
  y => 1,
}
