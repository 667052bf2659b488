class function {
}
