class 'foo' {
}
