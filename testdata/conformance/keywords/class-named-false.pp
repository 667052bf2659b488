class false {
}
