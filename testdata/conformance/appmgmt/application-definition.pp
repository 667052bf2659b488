application lamp($x) {
  notice($x)
}
