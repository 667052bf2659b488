define string {
}
