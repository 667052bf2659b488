Resource[File] {
  owner => root,
}
