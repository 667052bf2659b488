class foo ($Bar) {
}
