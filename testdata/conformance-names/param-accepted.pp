class a (
  $fooBar,
  $_foo,
) {
}
