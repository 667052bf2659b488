class or {
}
