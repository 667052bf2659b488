plan foo($x) {
}
