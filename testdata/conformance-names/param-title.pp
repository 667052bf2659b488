define d (
  $ok,
  $title,
) {
}
