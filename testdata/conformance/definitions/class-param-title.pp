class foo ($title) {
}
