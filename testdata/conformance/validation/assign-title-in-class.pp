class a {
  $title = 1
}
