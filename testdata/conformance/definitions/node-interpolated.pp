node "x${y}" {
}
