# keyword as a defined type name
define if() {
}
