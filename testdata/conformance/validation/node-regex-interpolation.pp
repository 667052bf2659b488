node /a${b}/ {
}
