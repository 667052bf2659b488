apply($x) {
}
