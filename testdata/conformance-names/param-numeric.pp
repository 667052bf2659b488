class a (
  $ok,
  $1,
) {
}
