node {
}
