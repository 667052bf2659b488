class a (
  $ok,
  $Foo,
) {
}
