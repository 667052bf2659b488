define d (
  $ok,
  $Foo,
) {
}
