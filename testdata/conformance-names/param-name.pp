class a (
  $ok,
  $name,
) {
}
