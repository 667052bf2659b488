class foo ($a, $a) {
}
