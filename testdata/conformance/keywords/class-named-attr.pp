class attr {
}
