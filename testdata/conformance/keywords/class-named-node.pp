class node {
}
