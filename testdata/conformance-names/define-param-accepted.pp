define d (
  $fooBar,
  $_foo,
) {
}
