class a {
  $name = 'x'
}
