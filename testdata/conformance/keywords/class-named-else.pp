class else {
}
