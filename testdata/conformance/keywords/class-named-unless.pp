class unless {
}
