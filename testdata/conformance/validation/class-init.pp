class init {
}
