class foo (x) {
}
