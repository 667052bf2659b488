# reserved type name
plan unit() {
}
