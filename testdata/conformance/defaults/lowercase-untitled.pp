file {
  owner => root,
}
