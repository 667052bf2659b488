class foo () {
}
