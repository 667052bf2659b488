class foo::init {
}
