node 01.02 {
}
