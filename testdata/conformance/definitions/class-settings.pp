class settings {
}
