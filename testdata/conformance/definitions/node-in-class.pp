class a {
  node 'x' {
  }
}
