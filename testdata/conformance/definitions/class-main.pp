class main {
}
