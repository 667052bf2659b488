File['/a', '/b'] {
  require +> File['/c'],
}
