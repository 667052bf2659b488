File {
  '/a': owner => root,
}
