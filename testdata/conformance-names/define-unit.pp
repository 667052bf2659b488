# reserved type name
define unit() {
}
