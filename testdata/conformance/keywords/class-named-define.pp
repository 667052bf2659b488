class define {
}
