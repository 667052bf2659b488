File {
  owner => root,
}
