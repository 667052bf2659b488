class foo ($trusted) {
}
