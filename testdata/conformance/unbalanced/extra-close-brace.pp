class a {
}
}
