node 'a', {
}
