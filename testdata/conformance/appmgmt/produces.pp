Foo produces Sql {
  host => $h,
}
