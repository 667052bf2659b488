$y = 1
node "x${y}" {
}
