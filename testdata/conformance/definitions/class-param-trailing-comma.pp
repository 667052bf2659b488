class foo ($a, $b,) {
}
